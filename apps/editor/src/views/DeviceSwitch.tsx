import type { Device } from '@embed/editor-core';
import type { EditorStore } from '../state/editor-store';
import { useTranslator } from './i18n';
import { useStoreValues } from './use-store';

const DEVICES: Device[] = ['desktop', 'phone'];

/** Desktop or Phone: the screen the canvas shows and the properties edit for (two toggle buttons, one pressed). */
export function DeviceSwitch({ store }: { store: EditorStore }) {
  const { t } = useTranslator();
  const [device] = useStoreValues(store, (s) => [s.device] as const);
  return (
    <div class="topbar-group device-switch" role="group" aria-label={t('device.switch')}>
      {DEVICES.map((one) => (
        <button key={one} type="button" aria-pressed={device === one} onClick={() => store.setDevice(one)}>
          {t(one === 'desktop' ? 'device.desktop' : 'device.phone')}
        </button>
      ))}
    </div>
  );
}
