import type { DesignDocument } from '@embed/design-document';
import { BENCH_ORIGIN, type BenchProject, bearer } from '../seed';
import { EndpointStats } from './endpoint-stats';

/** What an integrator's servers and their people's editors ask for, and how often in a minute of an ordinary hour. */
export const DAY_MIX = {
  token: 40,
  list: 30,
  get: 60,
  save: 90,
  render: 20,
  exportHtml: 20,
  exportPdf: 6,
  erase: 3,
} as const;

export type Operation = keyof typeof DAY_MIX;

/** A token is minted again when it is older than this (the editor asks again before 900 s run out). */
const TOKEN_REFRESH_MS = 600_000;

interface Person {
  project: BenchProject;
  userId: string;
  token?: { value: string; at: number };
  designs: string[];
  exports: string[];
  /** Requests for this person under way: an erasure waits for none. */
  busy: number;
}

/** What the webhooks should have told the integrator by now, to compare with what arrived. */
export interface Expected {
  /** Newest saved revision of each design of a person not erased. */
  revisions: Map<string, number>;
  exports: Set<string>;
  erased: Set<string>;
}

/**
 * The integrator's side of a soak: people of a few projects, each opening the editor
 * (a token), saving designs, reading and exporting them; now and then one of them is
 * erased and a new one arrives. Every answer lands in `stats` under its endpoint.
 */
export class Integrator {
  readonly expected: Expected = { revisions: new Map(), exports: new Set(), erased: new Set() };
  private readonly people: Person[] = [];
  private newcomers = 0;
  private saves = 0;

  /** Where answers are recorded: the warm-up's, then the measured run's. */
  stats = new EndpointStats();

  constructor(
    private readonly baseUrl: string,
    projects: readonly BenchProject[],
    peoplePerProject: number,
    private readonly doc: DesignDocument,
  ) {
    for (const project of projects) for (let i = 0; i < peoplePerProject; i++) this.people.push(this.newPerson(project));
  }

  /** One request of the kind (two when a token must be minted first); resolves when done, whatever the answer. */
  async perform(operation: Operation): Promise<void> {
    if (operation === 'erase') return this.erase();
    const person = this.people[Math.floor(Math.random() * this.people.length)];
    person.busy++;
    try {
      await this.act(operation, person);
    } finally {
      person.busy--;
    }
  }

  private async act(operation: Exclude<Operation, 'erase'>, person: Person): Promise<void> {
    const key = bearer(person.project.key);
    const user = encodeURIComponent(person.userId);
    const design = person.designs[Math.floor(Math.random() * person.designs.length)];
    switch (operation) {
      case 'token':
        return void (await this.mint(person));
      case 'list':
        return void (await this.send('GET /embed/v1/users/{userId}/designs', 'GET', `/embed/v1/users/${user}/designs?limit=20`, key));
      case 'render':
        return void (await this.send('POST /embed/v1/render', 'POST', '/embed/v1/render', key, { doc: this.doc, merge: { contact: { first_name: 'Ada' } } }));
      case 'save':
        return this.save(person, design);
    }
    // Reads and exports are of a design the person has: a person without one saves one first.
    if (!design) return this.save(person, undefined);
    if (operation === 'get') return void (await this.send('GET /embed/v1/users/{userId}/designs/{id}', 'GET', `/embed/v1/users/${user}/designs/${design}`, key));
    const format = operation === 'exportPdf' ? 'pdf' : 'html';
    const exported = await this.send(`POST /embed/v1/designs/{id}/export (${format})`, 'POST', `/embed/v1/designs/${design}/export`, key, {
      user: { id: person.userId },
      ...(format === 'pdf' ? { format } : { merge: { contact: { first_name: 'Ada' } } }),
    });
    if (!exported?.exportId) return;
    person.exports.push(String(exported.exportId));
    this.expected.exports.add(String(exported.exportId));
  }

  /** An editor save: a new design when the person has none, else a new revision of one of theirs. */
  private async save(person: Person, design: string | undefined): Promise<void> {
    const token = await this.mint(person);
    if (!token) return;
    const editor = { ...bearer(token), origin: BENCH_ORIGIN };
    const body = { name: `Soak design ${++this.saves}`, doc: this.doc };
    const saved = design
      ? await this.send('PUT /editor/v1/designs/{id}', 'PUT', `/editor/v1/designs/${design}`, editor, body)
      : await this.send('POST /editor/v1/designs', 'POST', '/editor/v1/designs', editor, body);
    if (!saved) return;
    const id = String(saved.id);
    if (!design) person.designs.push(id);
    this.expected.revisions.set(id, Math.max(this.expected.revisions.get(id) ?? -1, Number(saved.revision)));
  }

  /** The person's token, minted first when they have none or it is getting old; undefined when minting failed. */
  private async mint(person: Person): Promise<string | undefined> {
    if (person.token && Date.now() - person.token.at < TOKEN_REFRESH_MS) return person.token.value;
    const minted = await this.send('POST /embed/v1/tokens', 'POST', '/embed/v1/tokens', bearer(person.project.key), { user: { id: person.userId }, origin: BENCH_ORIGIN });
    if (minted) person.token = { value: String(minted.token), at: Date.now() };
    return person.token?.value;
  }

  /** A person with no request under way leaves for good (their account deleted); a new one takes their place. */
  private async erase(): Promise<void> {
    const index = this.people.findIndex((person) => person.busy === 0 && person.designs.length > 0);
    if (index < 0) return;
    const [person] = this.people.splice(index, 1, this.newPerson(this.people[index].project));
    // Their deliveries still waiting are erased with them.
    for (const design of person.designs) this.expected.revisions.delete(design);
    for (const exportId of person.exports) this.expected.exports.delete(exportId);
    const erased = await this.send('DELETE /embed/v1/users/{userId}', 'DELETE', `/embed/v1/users/${encodeURIComponent(person.userId)}`, bearer(person.project.key));
    if (erased !== undefined) this.expected.erased.add(person.userId);
  }

  private newPerson(project: BenchProject): Person {
    return { project, userId: `soak-${project.projectId.slice(-6)}-${this.newcomers++}`, designs: [], exports: [], busy: 0 };
  }

  /** The answer's JSON (null for an empty 2xx), or undefined when it failed; recorded either way. */
  private async send(endpoint: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Record<string, unknown> | null | undefined> {
    const start = performance.now();
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      this.stats.record(endpoint, performance.now() - start, response.status, text);
      return response.ok ? (text ? JSON.parse(text) : null) : undefined;
    } catch (error) {
      this.stats.record(endpoint, performance.now() - start, 0, error instanceof Error ? error.message : String(error));
      return undefined;
    }
  }
}
