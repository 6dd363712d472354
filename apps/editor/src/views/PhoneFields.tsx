import type { Block, PhonePart, Row } from '@embed/design-document/model';
import type { PhoneTarget } from '@embed/editor-core';
import type { EditorStore } from '../state/editor-store';
import { Field, type Target } from './Field';
import { useTranslator } from './i18n';
import { phoneFieldSpecs, phoneValues } from './phone-fields';

/**
 * On Phone, a row's or block's phone layout: each property a phone may override, showing
 * the override or else the desktop value; an overridden one says so in its name and has
 * a button that resets it to the desktop value. Every change is one undoable command.
 */
export function PhoneFields({ store, target, holder, idPrefix }: { store: EditorStore; target: PhoneTarget; holder: Row | Block; idPrefix: string }) {
  const { t } = useTranslator();
  const part: PhonePart = 'type' in holder ? holder.type : 'row';
  const overrides = (holder.phone ?? {}) as Record<string, unknown>;
  const values = phoneValues(holder, part) as Target;
  const set = (key: string, value: unknown, coalesceKey?: string) => store.dispatch({ type: 'setPhoneStyle', target, key, value }, { coalesceKey });
  return (
    <fieldset class="phone-fields">
      <legend>{t('device.phoneLayout')}</legend>
      {phoneFieldSpecs(part).map((field) => {
        const name = t(field.label);
        const overridden = overrides[field.key] !== undefined;
        return (
          <div key={field.key}>
            <Field
              field={field}
              target={values}
              idPrefix={`${idPrefix}-phone`}
              label={overridden ? t('device.overridden', { field: name }) : name}
              // A checkbox left unticked on the phone is an override too (false), not "as on desktops".
              onPatch={(patch, key) => set(field.key, field.kind === 'checkbox' ? patch[field.key] === true : patch[field.key], key)}
            />
            {overridden && (
              <p class="overridden">
                <button type="button" onClick={() => set(field.key, undefined)}>
                  {t('device.reset', { field: name })}
                </button>
              </p>
            )}
          </div>
        );
      })}
      <p class="hint">{t('device.sharedNote')}</p>
    </fieldset>
  );
}
