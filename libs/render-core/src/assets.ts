import type { SocialBlock } from '@embed/design-document';

// The images the renderer puts in a design of its own accord (libs/render-core/assets, drawn
// by tools/email-assets.mjs): served by the gateway with the editor's files, so that an
// email points at the service's own images, never at a third party's. Their names carry a
// version: emails already sent keep pointing at the images they were sent with.

/** Where the files are, from the repository's root (the build copies them to the editor's files; the renderer reads them for PDF and PNG). */
export const ASSETS_DIR = 'libs/render-core/assets';

/** Where the gateway serves them, under the service's public base URL. */
export const ASSETS_PATH = '/editor/v1/app/assets/';

/** An image block's address before its picture is chosen: a light grey pixel (the editor's new image). */
export const PLACEHOLDER_IMAGE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGO4e/cuAAUyApjDDfqPAAAAAElFTkSuQmCC';

/** How every social icon's file name starts. */
export const SOCIAL_ICON_PREFIX = 'social-v1-';
export const socialIconFile = (network: SocialBlock['links'][number]['network']) => `${SOCIAL_ICON_PREFIX}${network}.png`;
export const IMAGE_PLACEHOLDER_FILE = 'image-placeholder-v1.png';

/** The prefix of the images' addresses: absolute under `publicBaseUrl`, or from the site's root when none is given. */
export const assetsPrefix = (publicBaseUrl = '') => `${publicBaseUrl.replace(/\/$/, '')}${ASSETS_PATH}`;
