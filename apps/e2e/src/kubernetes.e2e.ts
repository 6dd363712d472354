import { execFileSync } from 'node:child_process';
import path from 'node:path';
import * as embedConfig from '@embed/config';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { parseAllDocuments } from 'yaml';

const SCHEMAS: Record<string, new (data: any) => { validate(): void }> = {
  Deployment,
  HorizontalPodAutoscaler,
  Job,
  NetworkPolicy,
  PodDisruptionBudget,
  ConfigMap,
  Namespace,
  Secret,
  Service,
};
const SERVICES = ['gateway', 'designs', 'renderer', 'erasure', 'webhook-dispatcher'];
const k8sDir = path.resolve(__dirname, '../../../deploy/k8s');

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
      if (deployment.metadata.name !== 'gateway') expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(Number(config.SHUTDOWN_GRACE_MS) + 5_000);
      expect(container.envFrom.map((source: any) => source.configMapRef?.name ?? source.secretRef?.name).sort()).toEqual(['embed-config', 'embed-secrets']);
    }
  });

  it('configures every variable libs/config requires in production, with files in object storage', () => {
    const env = { ...config, ...byKind('Secret')[0].stringData };
    const allSpecs = Object.assign({}, ...Object.entries(embedConfig).filter(([name]) => name.endsWith('Specs')).map(([, specs]) => specs));
    expect(() => embedConfig.loadConfig(allSpecs, env)).not.toThrow();
    expect(env.STORAGE_DRIVER).toBe('s3');
  });

  it('protects every service with a disruption budget and scales the renderer and the gateway', () => {
    expect(byKind('PodDisruptionBudget').map((budget) => budget.spec.selector.matchLabels['app.kubernetes.io/name']).sort()).toEqual([...SERVICES].sort());
    expect(byKind('HorizontalPodAutoscaler').map((hpa) => hpa.spec.scaleTargetRef.name).sort()).toEqual(['gateway', 'renderer']);
    expect(byKind('Job').map((job) => job.metadata.name)).toEqual(['migrate']);
  });

  it('lets only the gateway take traffic from outside', () => {
    const policies = byKind('NetworkPolicy');
    expect(policies.find((policy) => policy.metadata.name === 'deny-ingress')?.spec.podSelector).toEqual({});
    const open = policies.filter((policy) => policy.spec.ingress?.some((rule: any) => !rule.from));
    expect(open.map((policy) => policy.spec.podSelector.matchLabels['app.kubernetes.io/name'])).toEqual(['gateway']);
    expect(byKind('Service').map((service) => service.metadata.name)).toEqual(['gateway']);
  });
});
