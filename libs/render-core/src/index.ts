export { ASSETS_DIR, assetsPrefix } from './assets';
export { auditRender, type RenderAudit } from './audit';
export { type FinishOptions, finishRender, referenceRender, render } from './render';
export { emailMarkup } from './email/layout';
export { layoutDesign } from './layout';
export { DEFAULT_TEXT_OPTIONS } from './text';
export { RENDERER_VERSION } from './version';
export type { HtmlChunks, Layout, LayoutOptions, MergeValues, RenderOptions, RenderResult, TextOptions } from './types';
