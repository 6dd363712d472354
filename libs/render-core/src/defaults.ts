import { type DesignDocument, type SocialBlock, STYLE_DEFAULTS as S } from '@embed/design-document/model';

// What the renderer uses where a design leaves a style out: the design document's
// STYLE_DEFAULTS (which the design checks judge with too) and the renderer's own layout
// values. The editor's canvas imports these (`@embed/render-core/defaults`, nothing else
// of the renderer), so that what a person sees while editing cannot drift from what is rendered.

export const DEFAULT_FONT = S.fontFamily;
export const HEADING_SIZES = S.headingSizes;

export const RENDER_DEFAULTS = {
  fontFamily: DEFAULT_FONT,
  fontSize: S.fontSize,
  lineHeight: 1.5,
  color: S.textColor,
  linkColor: S.linkColor,
  contentBackgroundColor: '#ffffff',
  /** px; a popup's is its `settings.width`, a document's its printable width. */
  contentWidth: { email: 600, page: 1080 },
  heading: { sizes: HEADING_SIZES, lineHeight: 1.25, fontWeight: S.headingFontWeight },
  button: { buttonColor: S.buttonColor, color: S.buttonTextColor, innerPadding: '12px 24px', borderRadius: 4, fontWeight: S.buttonFontWeight },
  divider: { color: S.dividerColor, thickness: 1, lineStyle: 'solid', emailPadding: '12px 0px' },
  /** An email's text and button blocks sit in this padding unless they set their own. */
  emailBlockPadding: '8px 24px',
} as const;

/** Printed width and height of each page size in mm (portrait). */
export const PAGE_MM = { A3: [297, 420], A4: [210, 297], A5: [148, 210], Letter: [215.9, 279.4], Legal: [215.9, 355.6] } as const;
export const MM_TO_PX = 96 / 25.4;

/** A document's page in mm, turned for its orientation. */
export function pageMm(settings: { pageSize: keyof typeof PAGE_MM; orientation: 'portrait' | 'landscape' }): readonly [number, number] {
  const [width, height] = PAGE_MM[settings.pageSize];
  return settings.orientation === 'portrait' ? [width, height] : [height, width];
}

/** How wide the design's content is laid out, in px. */
export function contentWidthOf(document: DesignDocument): number {
  switch (document.mode) {
    case 'email':
      return document.body.style?.contentWidth ?? RENDER_DEFAULTS.contentWidth.email;
    case 'page':
      return document.body.style?.contentWidth ?? RENDER_DEFAULTS.contentWidth.page;
    case 'popup':
      return document.settings.width;
    case 'document': {
      const { margins } = document.settings;
      return Math.round((pageMm(document.settings)[0] - margins.left - margins.right) * MM_TO_PX);
    }
  }
}

const NETWORK_NAMES: Record<SocialBlock['links'][number]['network'], string> = {
  facebook: 'Facebook', x: 'X', instagram: 'Instagram', linkedin: 'LinkedIn', youtube: 'YouTube', pinterest: 'Pinterest',
  github: 'GitHub', vimeo: 'Vimeo', medium: 'Medium', dribbble: 'Dribbble', snapchat: 'Snapchat', tumblr: 'Tumblr',
  soundcloud: 'SoundCloud', web: 'Website',
};

/** The words for a social link: the author's label, or the network's name. */
export const socialLabel = (link: SocialBlock['links'][number]) => link.label ?? NETWORK_NAMES[link.network];
