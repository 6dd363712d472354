import type { TenantScope } from '@embed/contracts';

/**
 * The project and environment a caller acts in, from its secret key or its editor token:
 * what every request to the services is scoped by, and nothing else of the credential.
 */
export const tenantScopeOf = ({ projectId, environment }: TenantScope): TenantScope => ({ projectId, environment });
