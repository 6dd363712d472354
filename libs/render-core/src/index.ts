export { finishRender, render } from './render';
export { ASSETS_DIR, assetsPrefix } from './assets';
export { emailMarkup } from './email/layout';
export { layoutDesign } from './layout';
export { DEFAULT_TEXT_OPTIONS } from './text';
export { RENDERER_VERSION } from './version';
export type { HtmlChunks, Layout, LayoutOptions, MergeValues, RenderOptions, RenderResult, TextOptions } from './types';
