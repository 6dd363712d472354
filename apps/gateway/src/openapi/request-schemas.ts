import type { Type } from '@nestjs/common';
import type { MetadataStorage } from 'class-transformer/types/MetadataStorage';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { asJsonSchema, SHARED_PARTS } from '../http/shared-schemas';
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

  /**
   * The DTO's schema and those it refers to, for `components.schemas`: the DTOs it nests,
   * by class name, and the parts it shares with the messages, as the registry defines them.
   */
  withNested(dto: Type): Record<string, JsonSchema> {
    const found: Record<string, JsonSchema> = {};
    const visit = (name: string) => {
      if (found[name]) return;
      found[name] = Object.hasOwn(SHARED_PARTS, name) ? asJsonSchema(SHARED_PARTS[name as keyof typeof SHARED_PARTS]) : this.named(name);
      for (const match of JSON.stringify(found[name]).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) visit(match[1]);
    };
    visit(dto.name);
    return found;
  }

  private named(name: string): DtoSchema {
    const schema = this.all[name];
    if (!schema) throw new Error(`${name} has no class-validator rules to describe it`);
    const properties = Object.fromEntries(Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(([field, rule]) => [field, open(rule)]));
    return { ...schema, properties, additionalProperties: false };
  }
}

/**
 * A field validated as an object and no further (`@IsObject()`, a design document) takes
 * any fields: said outright, or code generators read `{type: object}` as an empty object.
 */
function open(rule: JsonSchema): JsonSchema {
  const checkedField = 'properties' in rule || 'additionalProperties' in rule || '$ref' in rule;
  return rule['type'] === 'object' && !checkedField ? { ...rule, additionalProperties: true } : rule;
}
