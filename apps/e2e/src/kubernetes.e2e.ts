// @lane static: reads the repository and runs its tools; needs no stack.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as embedConfig from '@embed/config';
import { LONGEST_BUDGET_MS } from '@embed/contracts';
import ipaddr from 'ipaddr.js';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Pod } from 'kubernetes-models/v1/Pod';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { parseAllDocuments } from 'yaml';

const SCHEMAS: Record<string, new (data: any) => { validate(): void }> = {
  Deployment,
  HorizontalPodAutoscaler,
  Ingress,
  NetworkPolicy,
  PodDisruptionBudget,
  ConfigMap,
  Namespace,
  Secret,
  Service,
};
const SERVICES = ['gateway', 'designs', 'renderer', 'erasure', 'webhook-dispatcher'];
/**
 * PostgreSQL's default max_connections, less its 3 connections reserved for superusers and
 * what deploy/README.md ("Sizing") keeps for the migrate init containers of pods starting
 * together, an admin pod and monitoring.
 */
const CONNECTIONS_FOR_SERVICES = 100 - 3 - 15;
/** Connections a pod holds besides its pool: the dispatcher's own one that LISTENs for new outbox events. */
const CONNECTIONS_BESIDE_POOL: Record<string, number> = { 'webhook-dispatcher': 1 };
/** The gateway reads an image upload up to this size to answer a too-large one in the error shape (apps/gateway/src/files/image-bodies.ts). */
const GATEWAY_READS_BODIES_UP_TO = 20 * 1024 * 1024;
const k8sDir = path.resolve(__dirname, '../../../deploy/k8s');

/** Whether a label selector (matchLabels, and matchExpressions with In, NotIn, Exists, DoesNotExist) picks these labels. */
function selects(selector: any, labels: Record<string, string>): boolean {
  const byLabels = Object.entries<string>(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpressions = (selector.matchExpressions ?? []).every(({ key, operator, values }: any) =>
    ({ In: values?.includes(labels[key]), NotIn: !values?.includes(labels[key]), Exists: key in labels, DoesNotExist: !(key in labels) })[operator as string],
  );
  return byLabels && byExpressions;
}

/** Whether an ipBlock lets traffic to this address through. */
function blockAllows(block: { cidr: string; except?: string[] }, address: string): boolean {
  const parsed = ipaddr.parse(address);
  const inside = (cidr: string) => {
    const [range, bits] = ipaddr.parseCIDR(cidr);
    return parsed.kind() === range.kind() && parsed.match(range, bits);
  };
  return inside(block.cidr) && !(block.except ?? []).some(inside);
}

/** Addresses that the renderer and the dispatcher must never reach: private, shared, loopback, link-local (cloud metadata), IPv4 inside IPv6. */
const INSIDE = ['10.1.2.3', '172.20.0.1', '192.168.1.1', '127.0.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', 'fd00:ec2::254', 'fc00::1', 'fe80::1', '::1', '::ffff:10.0.0.1', '64:ff9b::a00:1', '2002:a00:1::1'];
const OUTSIDE = ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'];

function render(overlay: string): any[] {
  const yaml = execFileSync('kubectl', ['kustomize', path.join(k8sDir, 'overlays', overlay)], { encoding: 'utf8' });
  return parseAllDocuments(yaml).map((document) => document.toJS());
}

describe.each(['small', 'production'])('deploy/k8s/overlays/%s', (overlay) => {
  const objects = render(overlay);
  const byKind = (kind: string) => objects.filter((object) => object.kind === kind);
  const config = byKind('ConfigMap')[0].data;

  it('renders objects that validate against the Kubernetes schemas, all in one namespace', () => {
    for (const object of objects) {
      const Model = SCHEMAS[object.kind];
      expect(Model).toBeDefined();
      expect(() => new Model(object).validate()).not.toThrow();
      if (object.kind !== 'Namespace') expect(object.metadata.namespace).toBe('embed');
    }
  });

  it('runs each service non-root with probes, resources, a preStop pause and a grace period longer than its drain', () => {
    expect(byKind('Deployment').map((deployment) => deployment.metadata.name).sort()).toEqual([...SERVICES].sort());
    for (const deployment of byKind('Deployment')) {
      const pod = deployment.spec.template.spec;
      const [container] = pod.containers;
      expect(pod.securityContext.runAsNonRoot).toBe(true);
      expect(container.securityContext.allowPrivilegeEscalation).toBe(false);
      for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) expect(container[probe].httpGet.port).toBe('ops');
      expect(container.resources.requests).toEqual({ cpu: expect.anything(), memory: expect.anything() });
      expect(container.resources.limits).toEqual({ cpu: expect.anything(), memory: expect.anything() });
      expect(container.lifecycle.preStop.exec.command.join(' ')).toMatch(/sleep/);
      expect(container.envFrom.map((source: any) => source.configMapRef?.name ?? source.secretRef?.name).sort()).toEqual(['embed-config', 'embed-secrets']);
    }
  });

  /** What a container's process reads: its own env over the ConfigMap and the Secret, validated by libs/config as the service does. */
  const settingsOf = (container: any) => {
    const env = { ...config, ...byKind('Secret')[0].stringData, ...Object.fromEntries((container.env ?? []).map(({ name, value }: any) => [name, value])) };
    return embedConfig.loadConfig({ ...embedConfig.runtimeSpecs, ...embedConfig.databaseSpecs }, { ...env, DATABASE_URL: 'postgresql://embed:a-real-password@postgresql:5432/embed' });
  };
  const autoscalerOf = (deployment: any) => byKind('HorizontalPodAutoscaler').find((hpa) => hpa.spec.scaleTargetRef.name === deployment.metadata.name);

  it('leaves the replica count of every autoscaled Deployment to its autoscaler, so that an apply does not reset it', () => {
    for (const deployment of byKind('Deployment')) {
      const { name } = deployment.metadata;
      expect({ name, replicas: deployment.spec.replicas }).toEqual(autoscalerOf(deployment) ? { name, replicas: undefined } : { name, replicas: expect.any(Number) });
    }
  });

  it('gives every pod a grace period longer than its shutdown grace and preStop pause together', () => {
    for (const deployment of byKind('Deployment')) {
      const pod = deployment.spec.template.spec;
      const [container] = pod.containers;
      const pauseMs = Number(/sleep (\d+)/.exec(container.lifecycle.preStop.exec.command.join(' '))?.[1]) * 1000;
      const needsMs = settingsOf(container).SHUTDOWN_GRACE_MS + pauseMs;
      const seen = { name: deployment.metadata.name, graceMs: pod.terminationGracePeriodSeconds * 1000, needsMs };
      expect({ ...seen, longer: seen.graceMs > needsMs }).toEqual({ ...seen, longer: true });
    }
  });

  it("keeps every database connection at full scale, a rollout's extra pod included, within PostgreSQL's default max_connections", () => {
    const users = byKind('Deployment').filter((deployment) => deployment.spec.template.spec.initContainers?.some((container: any) => container.name === 'migrate'));
    expect(users.map((deployment) => deployment.metadata.name).sort()).toEqual(['designs', 'erasure', 'gateway', 'webhook-dispatcher']);
    const connections = users.map((deployment) => {
      const pods = (autoscalerOf(deployment)?.spec.maxReplicas ?? deployment.spec.replicas) + deployment.spec.strategy.rollingUpdate.maxSurge;
      return pods * (settingsOf(deployment.spec.template.spec.containers[0]).DATABASE_POOL_SIZE + (CONNECTIONS_BESIDE_POOL[deployment.metadata.name] ?? 0));
    });
    expect(connections.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(CONNECTIONS_FOR_SERVICES);
  });

  it('configures every variable libs/config requires outside a local stack, with files in object storage', () => {
    const env = { ...config, ...byKind('Secret')[0].stringData };
    const allSpecs = Object.assign({}, ...Object.entries(embedConfig).filter(([name]) => name.endsWith('Specs')).map(([, specs]) => specs));
    expect(env).not.toHaveProperty(embedConfig.LOCAL_STACK_MARKER);
    // The example Secret's change-me values stop every service until they are replaced.
    expect(() => embedConfig.loadConfig(allSpecs, env)).toThrow(
      expect.objectContaining({
        problems: { DATABASE_URL: expect.any(String), CURSOR_SECRET: expect.any(String), STORAGE_SIGNING_SECRET: expect.any(String), ERASURE_LEDGER_KEY: expect.any(String) },
      }),
    );
    const own = () => randomBytes(32).toString('hex');
    const replaced = { ...env, DATABASE_URL: env.DATABASE_URL.replace('change-me', own()), CURSOR_SECRET: own(), STORAGE_SIGNING_SECRET: own(), ERASURE_LEDGER_KEY: own() };
    expect(() => embedConfig.loadConfig(allSpecs, replaced)).not.toThrow();
    expect(env.STORAGE_DRIVER).toBe('s3');
  });

  it('protects every service with a disruption budget and scales the renderer and the gateway', () => {
    expect(byKind('PodDisruptionBudget').map((budget) => budget.spec.selector.matchLabels['app.kubernetes.io/name']).sort()).toEqual([...SERVICES].sort());
    expect(byKind('HorizontalPodAutoscaler').map((hpa) => hpa.spec.scaleTargetRef.name).sort()).toEqual(['gateway', 'renderer']);
  });

  it('migrates the database before any service that uses it starts, with the migrations of the same release, and needs no Job', () => {
    expect(byKind('Job')).toEqual([]);
    const releaseOf = (image: string) => image.slice(image.lastIndexOf(':') + 1);
    for (const deployment of byKind('Deployment')) {
      const pod = deployment.spec.template.spec;
      const migrations = (pod.initContainers ?? []).map((container: any) => ({
        name: container.name,
        image: container.image.replace(/:[^:]*$/, ''),
        release: releaseOf(container.image),
        secrets: container.envFrom.map((source: any) => source.secretRef?.name),
      }));
      const expected = deployment.metadata.name === 'renderer' ? [] : [{ name: 'migrate', image: 'embed/migrate', release: releaseOf(pod.containers[0].image), secrets: ['embed-secrets'] }];
      expect({ deployment: deployment.metadata.name, migrations }).toEqual({ deployment: deployment.metadata.name, migrations: expected });
    }
  });

  it('lets only the gateway take traffic from outside', () => {
    const policies = byKind('NetworkPolicy');
    expect(policies.find((policy) => policy.metadata.name === 'deny-ingress')?.spec.podSelector).toEqual({});
    const open = policies.filter((policy) => policy.spec.ingress?.some((rule: any) => !rule.from));
    expect(open.map((policy) => policy.spec.podSelector.matchLabels['app.kubernetes.io/name'])).toEqual(['gateway']);
    expect(byKind('Service').map((service) => service.metadata.name)).toEqual(['gateway']);
  });

  describe.each([
    ['renderer', ['nats']],
    ['webhook-dispatcher', ['nats', 'postgresql']],
  ])('%s egress', (name, dependencies) => {
    const labels = byKind('Deployment').find((deployment) => deployment.metadata.name === name).spec.template.metadata.labels;
    const policies = byKind('NetworkPolicy').filter((policy) => policy.spec.policyTypes.includes('Egress') && selects(policy.spec.podSelector, labels));
    const rules = policies.flatMap((policy) => policy.spec.egress ?? []);
    const blocks = rules.flatMap((rule: any) => rule.to.filter((peer: any) => peer.ipBlock).map((peer: any) => peer.ipBlock));
    const ports = (rule: any) => rule.ports.map(({ port, protocol }: any) => `${protocol}/${port ?? 'any'}`);

    it('is limited by a policy, each rule naming where it goes', () => {
      expect(policies.length).toBeGreaterThan(0);
      for (const rule of rules) {
        expect(rule.to.length).toBeGreaterThan(0);
        for (const peer of rule.to) expect(peer.ipBlock ?? Object.keys(peer.podSelector.matchLabels ?? {}).length).toBeTruthy();
      }
    });

    it('reaches DNS and, by their labels and ports, its dependencies', () => {
      const dns = rules.filter((rule: any) => rule.to.some((peer: any) => peer.podSelector?.matchLabels?.['k8s-app'] === 'kube-dns'));
      expect(dns.flatMap(ports)).toEqual(expect.arrayContaining(['UDP/53', 'TCP/53']));
      const port = { nats: 'TCP/4222', postgresql: 'TCP/5432' } as Record<string, string>;
      const reached = rules.filter((rule: any) => rule.to.some((peer: any) => peer.podSelector?.matchLabels?.['app.kubernetes.io/name']));
      const names = reached.flatMap((rule: any) => rule.to.map((peer: any) => `${peer.podSelector.matchLabels['app.kubernetes.io/name']} ${ports(rule).join()}`));
      expect(names.sort()).toEqual(dependencies.map((dependency) => `${dependency} ${port[dependency]}`).sort());
    });

    it('reaches public addresses on any TCP port, and no private, shared, loopback or link-local one', () => {
      const publicRules = rules.filter((rule: any) => rule.to.some((peer: any) => peer.ipBlock));
      expect(publicRules.flatMap(ports)).toEqual(['TCP/any']);
      for (const address of OUTSIDE) expect({ address, allowed: blocks.some((block: any) => blockAllows(block, address)) }).toEqual({ address, allowed: true });
      for (const address of INSIDE) expect({ address, allowed: blocks.some((block: any) => blockAllows(block, address)) }).toEqual({ address, allowed: false });
    });
  });
});

describe('deploy/k8s/components/ingress-tls, in the production overlay', () => {
  const objects = render('production');
  const [ingress] = objects.filter((object) => object.kind === 'Ingress');
  const annotations = ingress.metadata.annotations;
  const publicHost = new URL(objects.find((object) => object.kind === 'ConfigMap').data.PUBLIC_BASE_URL).host;
  /** nginx's size notation: a number, with k or m for KiB or MiB. */
  const bytes = (size: string) => Number(/^(\d+)/.exec(size)?.[1]) * ({ k: 1024, m: 1024 * 1024 } as Record<string, number>)[size.slice(-1).toLowerCase()];

  it('serves the public address on HTTPS with a certificate cert-manager keeps, to the gateway Service', () => {
    expect(ingress.spec.rules.map((rule: any) => rule.host)).toEqual([publicHost]);
    expect(ingress.spec.tls).toEqual([{ hosts: [publicHost], secretName: expect.any(String) }]);
    expect(annotations['cert-manager.io/cluster-issuer']).toEqual(expect.any(String));
    const [path] = ingress.spec.rules[0].http.paths;
    expect(path).toEqual({ path: '/', pathType: 'Prefix', backend: { service: { name: 'gateway', port: { name: 'http' } } } });
    const gateway = objects.find((object) => object.kind === 'Service' && object.metadata.name === 'gateway');
    expect(gateway.spec.ports.map((port: any) => port.name)).toContain('http');
  });

  it('lets through every body the gateway reads and waits longer than the longest request deadline', () => {
    expect(bytes(annotations['nginx.ingress.kubernetes.io/proxy-body-size'])).toBeGreaterThanOrEqual(GATEWAY_READS_BODIES_UP_TO);
    for (const timeout of ['proxy-read-timeout', 'proxy-send-timeout']) {
      const seen = { timeout, ms: Number(annotations[`nginx.ingress.kubernetes.io/${timeout}`]) * 1000 };
      expect({ ...seen, longer: seen.ms > LONGEST_BUDGET_MS }).toEqual({ ...seen, longer: true });
    }
  });
});

describe('deploy/k8s/admin/admin-pod.yaml', () => {
  const [pod] = parseAllDocuments(readFileSync(path.join(k8sDir, 'admin', 'admin-pod.yaml'), 'utf8')).map((document) => document.toJS());

  it('is a valid pod of the migrate image with the services\' Secret, non-root, that ends by itself', () => {
    expect(() => new Pod(pod).validate()).not.toThrow();
    const [container] = pod.spec.containers;
    expect(container.image).toMatch(/^embed\/migrate:/);
    expect(container.envFrom).toEqual([{ secretRef: { name: 'embed-secrets' } }]);
    expect(pod.spec.securityContext.runAsNonRoot).toBe(true);
    expect(pod.spec.activeDeadlineSeconds).toBeGreaterThan(0);
  });

  it('is run as deploy/README.md says, with the admin command the migrate image builds', () => {
    const readme = readFileSync(path.join(k8sDir, '..', 'README.md'), 'utf8');
    const command = /kubectl -n embed exec embed-admin -- node (\S+)/.exec(readme)?.[1];
    expect(command).toBe('dist/apps/admin/src/main.js');
    // The migrate image is the build stage, whose tools/build.mjs writes this file (as the stack's own build here did).
    expect(existsSync(path.join(k8sDir, '..', '..', command!))).toBe(true);
  });
});
