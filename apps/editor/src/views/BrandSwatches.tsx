import { useTranslator } from './i18n';

/**
 * The brand kit's palette beside a colour field: a swatch button per colour, pressed when
 * it is the field's value, and (for a field that may be left as default) a Default button.
 * With the kit's `paletteOnly`, this is the field's only control.
 */
export function BrandSwatches({ colours, value, field, clearable, onPick }: { colours: readonly string[]; value: string; field: string; clearable: boolean; onPick: (colour: string) => void }) {
  const { t } = useTranslator();
  return (
    <div class="brand-swatches" role="group" aria-label={t('brand.colours', { field })}>
      {colours.map((colour) => (
        <button
          key={colour}
          type="button"
          class="brand-swatch"
          style={{ background: colour }}
          aria-label={t('brand.colour', { colour })}
          aria-pressed={value.toLowerCase() === colour.toLowerCase()}
          onClick={() => onPick(colour)}
        />
      ))}
      {clearable && (
        <button type="button" class="brand-swatch-default" aria-pressed={value === ''} onClick={() => onPick('')}>
          {t('field.default')}
        </button>
      )}
    </div>
  );
}
