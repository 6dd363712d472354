import type { BrandFont } from '@embed/contracts';
import { useBrandKit } from './brand-kit-context';
import { useTranslator } from './i18n';

/**
 * The control of every font field (a block's, the body's): the project's brand kit first.
 * Its font stacks are the suggestions of the free text, in the kit's order; with the kit's
 * `fontsOnly`, a choice among them alone (and the default), the value the design holds
 * shown as it is when it is none of them. The kit's web font a choice names is listed in
 * the body by the store, whichever field made it.
 */
export function FontControl({ id, value, required, attributes, onCommit }: { id: string; value: string; required: boolean; attributes: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }; onCommit: (raw: string) => void }) {
  const { t } = useTranslator();
  const kit = useBrandKit();
  const fonts: BrandFont[] = kit?.fonts ?? [];
  if (fonts.length > 0 && kit?.fontsOnly) {
    const foreign = value !== '' && !fonts.some((font) => font.stack === value);
    return (
      <select {...attributes} value={value} onChange={(event) => onCommit(event.currentTarget.value)}>
        {!required && <option value="">{t('field.default')}</option>}
        {fonts.map((font) => (
          <option key={font.stack} value={font.stack}>
            {font.stack}
          </option>
        ))}
        {foreign && <option value={value}>{t('field.fontOutsideKit', { font: value })}</option>}
      </select>
    );
  }
  return (
    <span class="text-field">
      <input {...attributes} type="text" list={fonts.length > 0 ? `${id}-brand-fonts` : undefined} value={value} onInput={(event) => onCommit(event.currentTarget.value)} />
      {fonts.length > 0 && (
        <datalist id={`${id}-brand-fonts`}>
          {fonts.map((font) => (
            <option key={font.stack} value={font.stack} />
          ))}
        </datalist>
      )}
    </span>
  );
}
