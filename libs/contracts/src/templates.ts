import { type Static, Type } from '@sinclair/typebox';
import type { DesignDocument } from './designs';
import type { DesignMode } from './domain';
import { TEMPLATE_ID_PATTERN } from './ids';
import { AnyObject, describing, DesignModeSchema, DesignNameSchema, PageFields, Strict, TenantScopeSchema, TimeSchema } from './schema';

/**
 * The project's templates (issue 32): designs the integrator's server keeps for the
 * project's people to start from, per environment, each with a thumbnail the renderer
 * makes. Owned by the designs service; the renderer makes the thumbnail.
 */
export const TEMPLATES_SUBJECTS = {
  list: 'designs.templates.list.v1',
  get: 'designs.templates.get.v1',
  create: 'designs.templates.create.v1',
  replace: 'designs.templates.replace.v1',
  delete: 'designs.templates.delete.v1',
} as const;

export const TemplateIdSchema = Type.String({ pattern: TEMPLATE_ID_PATTERN.source });

export interface TemplateSummary {
  id: string;
  name: string;
  /** Always the project's mode: a project makes one mode. */
  mode: DesignMode;
  /** The thumbnail (PNG of the template's first screen) on a signed link, which expires at `thumbnailExpiresAt`: read the template again for a fresh one. */
  thumbnailUrl: string;
  thumbnailExpiresAt: string;
  createdAt: string;
  updatedAt: string;
}

export interface Template extends TemplateSummary {
  doc: DesignDocument;
}

export interface TemplateList {
  templates: TemplateSummary[];
  nextCursor: string | null;
}

const summaryFields = {
  id: TemplateIdSchema,
  name: Type.String(),
  mode: DesignModeSchema,
  thumbnailUrl: Type.String({ format: 'uri', description: 'A PNG of the template’s first screen, made by the renderer, on a signed link that works until `thumbnailExpiresAt`.' }),
  thumbnailExpiresAt: TimeSchema,
  createdAt: TimeSchema,
  updatedAt: TimeSchema,
};
export const TemplateSummarySchema = describing<TemplateSummary>()(Strict(summaryFields, { title: 'TemplateSummary' }));
export const TemplateSchema = describing<Template>()(Strict({ ...summaryFields, doc: AnyObject<DesignDocument>() }));
export const TemplateListSchema = describing<TemplateList>()(Strict({ templates: Type.Array(TemplateSummarySchema), nextCursor: Type.Union([Type.String(), Type.Null()]) }));

export const ListTemplatesRequestSchema = Strict({ scope: TenantScopeSchema, ...PageFields });
export type ListTemplatesRequest = Static<typeof ListTemplatesRequestSchema>;

/** get and delete: one template of one project and environment. */
export const TemplateRequestSchema = Strict({ scope: TenantScopeSchema, templateId: TemplateIdSchema });
export type TemplateRequest = Static<typeof TemplateRequestSchema>;

export const CreateTemplateRequestSchema = Strict({
  scope: TenantScopeSchema,
  /** The project's mode: a document of another mode is refused (409 mode_unavailable). */
  mode: DesignModeSchema,
  name: DesignNameSchema,
  /** Checked by @embed/design-document, which names the JSON path (400 design_invalid). */
  doc: AnyObject<DesignDocument>(),
});
export type CreateTemplateRequest = Static<typeof CreateTemplateRequestSchema>;

/** replace: a new name and document for a template, and a new thumbnail made of it. */
export const ReplaceTemplateRequestSchema = Strict({ ...CreateTemplateRequestSchema.properties, templateId: TemplateIdSchema });
export type ReplaceTemplateRequest = Static<typeof ReplaceTemplateRequestSchema>;

/** Templates a project's environment may keep: each holds a document and a thumbnail, so they are bounded like designs are. */
export const MAX_TEMPLATES_PER_ENVIRONMENT = 500;
