import type { BrandKit } from '@embed/contracts';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/** The project's brand kit, read once at mount (`GET /editor/v1/brand-kit`); null while the editor has none (the read failed). */
export const BrandKitContext = createContext<BrandKit | null>(null);

export const useBrandKit = (): BrandKit | null => useContext(BrandKitContext);
