import type { Block, PhonePart, Row } from '@embed/design-document/model';
import type { PhoneTarget } from '@embed/editor-core';
import type { EditorStore } from '../state/editor-store';
import { useTranslator } from './i18n';
import { isOverridden, phoneFieldSpecs } from './phone-fields';
import type { FieldSpec } from './property-fields';

/** Where a row's or block's phone overrides are, for the desktop fields they replace on phones. */
export interface PhoneHolder {
  store: EditorStore;
  target: PhoneTarget;
  holder: Row | Block;
}

const partOf = (holder: Row | Block): PhonePart => ('type' in holder ? holder.type : 'row');

/** The phone's own value of a desktop field, when it has one (null when phones show the desktop value). */
export function phoneOverride({ holder }: PhoneHolder, field: FieldSpec): unknown {
  const value = (holder.phone as Record<string, unknown> | undefined)?.[field.key];
  return value !== undefined && isOverridden(partOf(holder), field) ? value : null;
}

/**
 * Under a desktop field, when phones show another value: that value ("Phone: 22 px"), a
 * button that edits it on Phone and one that resets it, so that phones show the desktop
 * value again (one undoable command). The field's control is described by the value's words.
 */
export function PhoneHint({ phone, field, id }: { phone: PhoneHolder; field: FieldSpec; id: string }) {
  const { t, formatNumber } = useTranslator();
  const value = phoneOverride(phone, field);
  if (value === null) return null;
  const spec = phoneFieldSpecs(partOf(phone.holder)).find((one) => one.key === field.key);
  const name = t(field.label);
  let words = String(value);
  if (typeof value === 'boolean') words = t(value ? 'device.on' : 'device.off');
  else if (typeof value === 'number') words = field.key === 'lineHeight' ? formatNumber(value) : t('device.pixels', { value: formatNumber(value) });
  else if (spec?.optionLabel) words = t(spec.optionLabel(String(value)));
  return (
    <p class="phone-hint">
      <span id={id}>{t('device.phoneValue', { value: words })}</span>
      <button type="button" class="link" aria-label={t('device.editOnPhoneFor', { field: name })} onClick={() => phone.store.setDevice('phone')}>
        {t('device.editOnPhone')}
      </button>
      <button type="button" class="link" aria-label={t('device.resetPhoneFor', { field: name })} onClick={() => phone.store.dispatch({ type: 'setPhoneStyle', target: phone.target, key: field.key, value: undefined })}>
        {t('device.resetPhone')}
      </button>
    </p>
  );
}
