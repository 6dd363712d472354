import type { Finding } from '@embed/design-checks';
import { useEffect, useState } from 'preact/hooks';
import { findingWords } from '../i18n';
import type { DesignChecks } from '../state/design-checks';
import type { EditorStore } from '../state/editor-store';
import { goToFinding } from './go-to-finding';
import { useTranslator } from './i18n';
import { memo } from './memo';
import { FoldHeading } from './FoldHeading';

const KB = 1024;

/** Renders again whenever the checks have new findings or a new size. */
function useChecks(checks: DesignChecks): DesignChecks {
  const [, setVersion] = useState(0);
  useEffect(() => checks.subscribe(() => setVersion((version) => version + 1)), [checks]);
  return checks;
}

/** The email's size against Gmail's clipping size, from the renderer's real HTML. */
function ClippingMeter({ checks }: { checks: DesignChecks }) {
  const { t } = useTranslator();
  const { meter } = checks;
  if (!meter) return null;
  const size = Math.round((meter.bytes / KB) * 10) / 10;
  const limit = meter.limit / KB;
  return (
    <div class={`clipping${meter.clipped ? ' clipped' : ''}`}>
      <span id="clipping-label">{t('checks.meter.label')}</span>
      <meter aria-labelledby="clipping-label" aria-describedby="clipping-value" min={0} max={meter.limit} low={meter.limit * 0.75} high={meter.limit * 0.9} optimum={0} value={Math.min(meter.bytes, meter.limit)} />
      <span id="clipping-value">{t('checks.meter.value', { size, limit })}</span>
    </div>
  );
}

/**
 * The findings, each a button that selects the block, row or setting it is about and takes
 * the person there. Rendered again only when the checks give new findings: the panel
 * renders with every keystroke, and words for a long design's findings cost a frame's worth.
 */
const Findings = memo(function Findings({ findings, store }: { findings: Finding[]; store: EditorStore }) {
  const translator = useTranslator();
  return (
    <ul class="findings">
      {findings.map((finding, i) => (
        <li key={`${finding.key}:${i}`}>
          <button type="button" class={`finding check-${finding.check}`} data-check={finding.check} aria-describedby="finding-hint" onClick={() => goToFinding(store, finding.target)}>
            {findingWords(finding, translator)}
          </button>
        </li>
      ))}
    </ul>
  );
});

/**
 * The design checks' findings as the design changes. The panel folds to its title and
 * count, leaving the property panel the room to edit; folded, the count still says
 * whether there is anything to look at.
 */
export function ChecksPanel({ checks, store }: { checks: DesignChecks; store: EditorStore }) {
  useChecks(checks);
  const { t } = useTranslator();
  const [open, setOpen] = useState(true);
  const { findings } = checks;
  return (
    <section class={`checks${open ? '' : ' folded'}`} aria-labelledby="checks-title">
      <FoldHeading id="checks-title" controls="checks-body" open={open} onToggle={() => setOpen(!open)}>
        {t('checks.panel.title')}
      </FoldHeading>
      <p class="count">{findings.length === 0 ? t('checks.panel.none') : t('checks.panel.count', { count: findings.length })}</p>
      <div id="checks-body" hidden={!open}>
        <ClippingMeter checks={checks} />
        {findings.length > 0 && <Findings findings={findings} store={store} />}
        <p id="finding-hint" class="visually-hidden">
          {t('checks.panel.select')}
        </p>
      </div>
    </section>
  );
}
