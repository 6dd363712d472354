import type { Type } from '@nestjs/common';
import type { MetadataStorage } from 'class-transformer/types/MetadataStorage';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import type { JsonSchema } from './response-schemas';

// class-transformer keeps its `@Type()` records here and exports no typed path to them;
// class-validator-jsonschema needs them to follow nested DTOs.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as { defaultMetadataStorage: MetadataStorage };

export type DtoSchema = JsonSchema & { properties: Record<string, JsonSchema>; required?: string[] };

/**
 * JSON schemas of validated DTOs, read from their class-validator decorators: the very
 * rules the validation pipe applies, so the document states what the server checks.
 */
export class RequestSchemas {
  private readonly all = validationMetadatasToSchemas({
    classTransformerMetadataStorage: defaultMetadataStorage,
    refPointerPrefix: '#/components/schemas/',
  }) as Record<string, JsonSchema>;

  /** The DTO's schema; unknown fields are refused by the pipe, so none is allowed here. */
  of(dto: Type): DtoSchema {
    return this.named(dto.name);
  }

  /** The DTO's schema and those of the DTOs it nests, by class name, for `components.schemas`. */
  withNested(dto: Type): Record<string, JsonSchema> {
    const found: Record<string, JsonSchema> = {};
    const visit = (name: string) => {
      if (found[name]) return;
      found[name] = this.named(name);
      for (const match of JSON.stringify(found[name]).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) visit(match[1]);
    };
    visit(dto.name);
    return found;
  }

  private named(name: string): DtoSchema {
    const schema = this.all[name];
    if (!schema) throw new Error(`${name} has no class-validator rules to describe it`);
    return { properties: {}, ...schema, additionalProperties: false };
  }
}
