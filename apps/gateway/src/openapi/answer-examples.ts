import { HTTP_ANSWERS } from '@embed/contracts';
import examples from './examples.json';

/**
 * Real answers and deliveries of a running stack, kept in examples.json as the OpenAPI
 * document's examples. They are written and checked by apps/e2e/src/openapi-examples.e2e.ts
 * (which fails when the code's answers no longer have their shape), and the lint of the
 * served document checks each one against its schema.
 */
export interface Example {
  /** The request that got this answer, in words. */
  summary: string;
  value: unknown;
}

export interface ExampleFile {
  /** By answer schema name (`Token`, `HtmlExport`). */
  answers: Record<string, Example>;
  /** By `<status> <code>` (`404 design_not_found`). */
  errors: Record<string, Example>;
  /** By event kind (`design.saved`). */
  webhooks: Record<string, Example>;
}

const EXAMPLES: ExampleFile = examples;

const named = (entries: [string, Example | undefined][]) =>
  Object.fromEntries(entries.filter((entry): entry is [string, Example] => entry[1] !== undefined).map(([name, { summary, value }]) => [name, { summary, value }]));

/** Examples of an answer schema; one of a choice (`Export`) has those of each schema it chooses from. */
export function answerExamples(schema: string): Record<string, Example> {
  const choices = (HTTP_ANSWERS as Record<string, { anyOf?: { title?: string }[] }>)[schema]?.anyOf?.map(({ title }) => title as string);
  return named((choices ?? [schema]).map((name) => [name, EXAMPLES.answers[name]]));
}

export const errorExamples = (status: string, codes: string[]) => named(codes.map((code) => [code, EXAMPLES.errors[`${status} ${code}`]]));

export const webhookExamples = (kind: string) => named([[kind, EXAMPLES.webhooks[kind]]]);
