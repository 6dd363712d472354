import type { Patch } from '@embed/editor-core';
import { useState } from 'preact/hooks';
import { BrandSwatches } from './BrandSwatches';
import { FontControl } from './FontControl';
import { useBrandKit } from './brand-kit-context';
import { fieldPatch, fieldShown, fieldValue, type Holder, issueWords, valueIssue } from './field-values';
import { useTranslator } from './i18n';
import type { FieldSpec } from './property-fields';

export type Target = Holder;

/** The id of a field's control, from the panel part's prefix and the field's path. */
export const fieldId = (idPrefix: string, field: FieldSpec) => `${idPrefix}-${[...(field.in ?? []), field.key].join('-')}`;

/**
 * One property: a labelled control whose value is checked as it is typed. A value the
 * document does not take stays in the control with a message naming the field, and is
 * not applied; colours get a picker beside their text. A colour left as default shows
 * the colour it inherits (`inherited`) in its swatch and placeholder, and its picker starts there.
 * The project's brand kit comes first: its palette beside a colour (alone with `paletteOnly`),
 * its font stacks in a font field (FontControl).
 */
export function Field({
  field,
  target,
  idPrefix,
  label: givenLabel,
  onPatch,
  inherited,
  describedBy: hint,
}: {
  field: FieldSpec;
  target: Target;
  idPrefix: string;
  label?: string;
  onPatch: (patch: Patch, key: string) => void;
  inherited?: string;
  /** The id of words beside the field that say more of its value (what a phone shows instead). */
  describedBy?: string;
}) {
  const translator = useTranslator();
  const { t } = translator;
  const id = fieldId(idPrefix, field);
  const label = givenLabel ?? t(field.label);
  const value = fieldValue(target, field);
  const [draft, setDraft] = useState<{ raw: string; problem: string } | null>(null);
  const kit = useBrandKit();
  const palette = field.kind === 'color' ? (kit?.colors ?? []) : [];
  const paletteOnly = palette.length > 0 && kit?.paletteOnly === true;
  if (!fieldShown(target, field)) return null;
  const commit = (raw: string | boolean) => {
    const issue = typeof raw === 'string' ? valueIssue(field, raw) : null;
    if (issue && typeof raw === 'string') return setDraft({ raw, problem: issueWords(translator, label, issue) });
    setDraft(null);
    onPatch(fieldPatch(target, field, raw), id);
  };
  if (field.kind === 'checkbox')
    return (
      <label class="field checkbox" for={id}>
        <input id={id} aria-describedby={hint} type="checkbox" checked={field.trueWhenAbsent ? value !== false : value === true} onChange={(event) => commit(event.currentTarget.checked)} />
        {label}
      </label>
    );
  const shown = draft?.raw ?? (value === undefined ? '' : String(value));
  const describedBy = [draft ? `${id}-problem` : undefined, hint].filter(Boolean).join(' ') || undefined;
  const common = { id, 'aria-invalid': draft ? true : undefined, 'aria-describedby': describedBy };
  const swatches = palette.length > 0 && <BrandSwatches colours={palette} value={shown} field={label} clearable={!field.required} onPick={commit} />;
  if (paletteOnly)
    return (
      <div class="field">
        <span class="field-label">{label}</span>
        {swatches}
      </div>
    );
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {swatches}
      {field.key === 'fontFamily' ? (
        <FontControl id={id} value={shown} required={field.required === true} attributes={common} onCommit={commit} />
      ) : field.kind === 'select' ? (
        <select {...common} value={shown} onChange={(event) => commit(event.currentTarget.value)}>
          {!field.required && <option value="">{t('field.default')}</option>}
          {field.options?.map((option) => (
            <option key={option} value={option}>
              {field.optionLabel ? t(field.optionLabel(option)) : option}
            </option>
          ))}
        </select>
      ) : field.kind === 'textarea' ? (
        <textarea {...common} value={shown} rows={8} onInput={(event) => commit(event.currentTarget.value)} />
      ) : (
        <span class={field.kind === 'color' ? 'color-field' : 'text-field'}>
          <input
            {...common}
            type={(field.kind === 'number' ? 'number' : 'text') as 'text'}
            inputMode={field.kind === 'url' ? 'url' : undefined}
            min={field.min}
            max={field.max}
            step={field.step}
            placeholder={field.kind === 'color' ? (inherited ? t('field.colourInherited', { colour: inherited }) : t('field.colourPlaceholder')) : undefined}
            value={shown}
            onInput={(event) => commit(event.currentTarget.value)}
          />
          {field.kind === 'color' && (
            <input
              type="color"
              aria-label={t('field.colourPicker', { field: label })}
              value={/^#[0-9a-f]{6}$/i.test(shown) ? shown : /^#[0-9a-f]{6}$/i.test(inherited ?? '') ? inherited : '#000000'}
              onChange={(event) => commit(event.currentTarget.value)}
            />
          )}
        </span>
      )}
      {draft && (
        <p id={`${id}-problem`} class="problem" role="alert">
          {draft.problem}
        </p>
      )}
    </div>
  );
}
