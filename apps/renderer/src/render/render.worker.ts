import type { EmailDesign } from '@embed/design-document';
import { pooledTask } from '../workers/pooled-task';
import { renderJob } from './render-job';
import { workerJob } from './worker-job';

/**
 * A small email touching every stage of a render (mrml, the html block's sanitizer, the
 * merge template's parse, the merge, the plain text). The worker renders it as it loads,
 * before the pool gives it a job: a worker that replaces a stopped one starts warm, and no
 * render is charged the first run's compilation against its time limit.
 */
const WARM_UP: EmailDesign = {
  schemaVersion: 1,
  mode: 'email',
  settings: { subject: 'Hello {{contact.name}}' },
  body: {
    rows: [
      {
        columns: [
          {
            blocks: [
              { type: 'text', content: [{ type: 'paragraph', content: [{ text: 'Hello {{contact.name}}', href: 'https://example.com/{{contact.id}}' }] }] },
              { type: 'button', text: 'Open', href: 'https://example.com/' },
              { type: 'image', src: 'https://example.com/a.png', alt: 'A picture' },
              { type: 'html', html: '<p style="color:#333"><a href="https://example.com/{{contact.id}}">a link</a></p>' },
            ],
          },
        ],
      },
    ],
  },
};
renderJob({ document: WARM_UP, merge: { contact: { name: 'Ada', id: '1' } } });

/** The file each render worker thread loads (RenderPool): layout and merge, and imports, off the service's event loop. */
export default pooledTask(workerJob);
