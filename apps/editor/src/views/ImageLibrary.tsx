import { useEffect, useState } from 'preact/hooks';
import type { ImageList, ImageOwner, ImageSummary } from '@embed/contracts';
import type { BlockPath } from '@embed/editor-core';
import { ApiFailure, type EditorApi } from '../services/editor-api';
import { columnWidth, placedWidth } from '../state/image-size';
import type { EditorStore } from '../state/editor-store';
import { errorWords } from '../i18n';
import { useBrandKit } from './brand-kit-context';
import { Dialog } from './Dialog';
import { useTranslator } from './i18n';

/** A delete the person must confirm: the designs (or this one, unsaved) that still show the image. */
interface PendingDelete {
  image: ImageSummary;
  designs: string[];
}

/** The names of the designs a 409 image_in_use lists, or null for any other failure. */
function designsShowing(error: unknown): string[] | null {
  if (!(error instanceof ApiFailure) || error.code !== 'image_in_use') return null;
  const designs = (error.body as { designs?: { name: string }[] } | null)?.designs ?? [];
  return designs.map(({ name }) => name);
}

/** One library's images, a page at a time ("Show more"), as the service lists them newest first. */
function useLibrary(api: EditorApi, owner: ImageOwner) {
  const [listed, setListed] = useState<ImageList | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const load = (after: ImageList | null, current: () => boolean = () => true) =>
    api.listImages(owner, after?.nextCursor ?? undefined).then(
      (page) => current() && setListed({ images: [...(after?.images ?? []), ...page.images], nextCursor: page.nextCursor }),
      (failure: { code?: string }) => current() && setFailed(failure.code ?? 'editor_failed'),
    );
  useEffect(() => {
    let current = true;
    void load(null, () => current);
    return () => {
      current = false;
    };
  }, []);
  const remove = (image: ImageSummary) => setListed((now) => now && { ...now, images: now.images.filter((each) => each.id !== image.id) });
  return { listed, failed, more: () => listed && void load(listed), remove };
}

/**
 * The image library (docs/server-api.md, Image library): the brand kit's logo, the person's
 * own uploads (which they may delete, warned first while a design still shows one) and the
 * project's images. Taking one puts its address in the selected image block as one edit,
 * placed at its natural width when narrower than the column, as an upload is.
 */
export function ImageLibrary({ store, api, path, onClose }: { store: EditorStore; api: EditorApi; path: BlockPath; onClose: () => void }) {
  const translator = useTranslator();
  const { t } = translator;
  const kit = useBrandKit();
  const own = useLibrary(api, 'person');
  const project = useLibrary(api, 'project');
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const [error, setError] = useState<string | null>(null);

  const take = (url: string, event: Event) => {
    const shown = (event.currentTarget as HTMLElement).querySelector('img');
    const natural = shown?.complete && shown.naturalWidth > 0 ? shown.naturalWidth : null;
    store.dispatch({ type: 'patchBlock', at: path, patch: { src: url, width: placedWidth(natural, columnWidth(store.doc, path)) } }, { place: 'panel' });
    onClose();
  };

  const remove = (image: ImageSummary, force: boolean) => {
    setError(null);
    // The design being edited may show it before it is saved: the service cannot know that.
    if (!force && JSON.stringify(store.doc).includes(image.url)) return setPending({ image, designs: [t('images.thisDesign')] });
    api.deleteImage(image.id, force).then(
      () => {
        setPending(null);
        own.remove(image);
      },
      (failure: unknown) => {
        const designs = designsShowing(failure);
        if (designs) return setPending({ image, designs });
        setPending(null);
        setError((failure as { code?: string }).code ?? 'editor_failed');
      },
    );
  };

  const choices = (owner: ImageOwner, library: ReturnType<typeof useLibrary>) => {
    const label = owner === 'person' ? 'images.yours' : 'images.project';
    if (library.failed) return <p role="alert">{t('images.listFailed', { reason: errorWords(translator, library.failed) })}</p>;
    if (!library.listed) return <p aria-live="polite">{t('images.loading')}</p>;
    if (library.listed.images.length === 0) return <p>{t(owner === 'person' ? 'images.noneYours' : 'images.noneProject')}</p>;
    return (
      <>
        <ul class="image-choices" aria-label={t(label)}>
          {library.listed.images.map((image, index) => {
            const name = t(owner === 'person' ? 'images.yourImage' : 'images.projectImage', { number: index + 1 });
            return (
              <li key={image.id} class="image-choice-item">
                <button type="button" class="image-choice" aria-label={t('images.use', { name })} onClick={(event) => take(image.url, event)}>
                  <img src={image.thumbnailUrl} alt="" loading="lazy" />
                </button>
                {owner === 'person' && (
                  <button type="button" class="image-delete" aria-label={t('images.delete', { name })} onClick={() => remove(image, false)}>
                    {t('images.deleteShort')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        {library.listed.nextCursor && (
          <button type="button" onClick={library.more}>
            {t('images.more')}
          </button>
        )}
      </>
    );
  };

  return (
    <Dialog title={t('images.title')} onClose={onClose} class="image-library">
      {error && <p role="alert">{t('images.deleteFailed', { reason: errorWords(translator, error) })}</p>}
      {pending && (
        <div role="alert" class="image-in-use">
          <p>{t('images.inUse', { designs: pending.designs.map((name) => `“${name}”`).join(', ') })}</p>
          <button type="button" onClick={() => remove(pending.image, true)}>
            {t('images.deleteAnyway')}
          </button>
          <button type="button" onClick={() => setPending(null)}>
            {t('images.keep')}
          </button>
        </div>
      )}
      {kit?.logoUrl && (
        <section aria-label={t('images.logo')}>
          <h3>{t('images.logo')}</h3>
          <button type="button" class="image-choice" aria-label={t('images.useLogo')} onClick={(event) => take(kit.logoUrl!, event)}>
            <img src={kit.logoUrl} alt="" loading="lazy" />
          </button>
        </section>
      )}
      <section aria-label={t('images.yours')}>
        <h3>{t('images.yours')}</h3>
        {choices('person', own)}
      </section>
      <section aria-label={t('images.project')}>
        <h3>{t('images.project')}</h3>
        {choices('project', project)}
      </section>
    </Dialog>
  );
}
