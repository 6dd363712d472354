import type { SocialBlock } from '@embed/design-document';

const NETWORK_NAMES: Record<SocialBlock['links'][number]['network'], string> = {
  facebook: 'Facebook', x: 'X', instagram: 'Instagram', linkedin: 'LinkedIn', youtube: 'YouTube', pinterest: 'Pinterest',
  github: 'GitHub', vimeo: 'Vimeo', medium: 'Medium', dribbble: 'Dribbble', snapchat: 'Snapchat', tumblr: 'Tumblr',
  soundcloud: 'SoundCloud', web: 'Website',
};

/** The words for a social link: the author's label, or the network's name. */
export const socialLabel = (link: SocialBlock['links'][number]) => link.label ?? NETWORK_NAMES[link.network];
