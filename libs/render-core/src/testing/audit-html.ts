// The audit is the renderer's own too (audit.ts, the sampled check); tests read it from here as before.
export * from '../audit-html';
