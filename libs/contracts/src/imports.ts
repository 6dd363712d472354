import { type Static, Type } from '@sinclair/typebox';
import type { ServiceReply } from './errors';
import { IMPORT_WARNING_CODES, type ImportWarning, type ImportWarningCode } from './import-warnings';
import { TenantSchema } from './render';
import { AnyObject, describing, DesignModeSchema, OneOf, ReplySchema, Strict } from './schema';

/** Another editor's design made into one of ours (contracts §8): pure work, done by the renderer's replicas. */
export const IMPORT_DESIGN_SUBJECT = 'render.import.v1';

/** The formats `POST /embed/v1/imports` names; which of them are read yet is the converter's (libs/design-import). */
export const IMPORT_FORMATS = ['unlayer', 'beefree', 'mjml', 'html'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const MERGE_TAG_MAP_LIMITS = { tags: 200, sourceTag: 200 } as const;

/** The source's merge tags to ours: `{"*|FNAME|*": "{{contact.first_name}}", "[unsubscribe]": "{{unsubscribe_url}}"}`. */
export const MergeTagMapSchema = Type.Unsafe<Record<string, string>>({
  type: 'object',
  maxProperties: MERGE_TAG_MAP_LIMITS.tags,
  propertyNames: { minLength: 1, maxLength: MERGE_TAG_MAP_LIMITS.sourceTag },
  additionalProperties: { type: 'string', pattern: '^\\{\\{[A-Za-z0-9_.]{1,120}\\}\\}$', description: 'one of our merge tags: {{contact.<field>}}, {{unsubscribe_url}}, {{preferences_url}}' },
});

export const ImportDesignRequestSchema = Strict({
  /** Imports take their turn on the render workers with the tenant's renders (render.ts). */
  tenant: Type.Optional(TenantSchema),
  /** The project's mode: the design is made in it. */
  mode: DesignModeSchema,
  format: OneOf(IMPORT_FORMATS),
  /** The design JSON (an object, or its text) or the MJML or HTML text; read by the converter, which names the place it cannot read. */
  source: Type.Unknown(),
  mergeTags: Type.Optional(MergeTagMapSchema),
});
export type ImportDesignRequest = Static<typeof ImportDesignRequestSchema>;


/** The answer of an import: nothing is stored. */
export interface ImportedDesign {
  /** A design document of the requested mode, valid by the schema (opaque here, as in RenderedDesign). */
  design: object;
  warnings: ImportWarning[];
}

export const ImportedDesignSchema = describing<ImportedDesign>()(
  Strict({
    design: AnyObject<object>({ description: 'A design document of the project’s mode, valid by our schema; nothing is stored.' }),
    warnings: Type.Array(
      Strict({
        path: Type.String({ description: 'The place in the source: a JSON path (`$.body.rows[0].columns[1].contents[2]`) or an element path in MJML or HTML (`mjml > mj-body > mj-section[2]`).' }),
        code: Type.Unsafe<ImportWarningCode>({
          type: 'string',
          enum: [...IMPORT_WARNING_CODES],
          description: 'Which warning it is, to show it in your own words (docs/imports.md lists each code with its English words).',
        }),
        params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), { description: 'The values the words name (counts, the source’s type names, elements, addresses), by the names between braces in the code’s words.' }),
        message: Type.String({ description: 'The words in English, params filled.' }),
      }),
      { description: 'What was lost or changed, each at its place in the source.' },
    ),
  }),
);
export type ImportDesignReply = ServiceReply<ImportedDesign>;
export const ImportDesignReplySchema = ReplySchema(ImportedDesignSchema);
