import { CatalogueEnv } from '../../apps/catalogue/src/env';
import { DocumentsEnv } from '../../apps/documents/src/env';
import { DocumentsWorkerEnv } from '../../apps/documents-worker/src/env';
import { GatewayEnv } from '../../apps/gateway/src/env';
import { IdentityEnv } from '../../apps/identity/src/env';
import { QuotingEnv } from '../../apps/quoting/src/env';
import { TenancyEnv } from '../../apps/tenancy/src/env';

/** Each deployable app's environment class: what it reads, for the checks of docker compose and Kubernetes. */
export const ENV_CLASSES: Record<string, new () => object> = {
  catalogue: CatalogueEnv,
  documents: DocumentsEnv,
  'documents-worker': DocumentsWorkerEnv,
  gateway: GatewayEnv,
  identity: IdentityEnv,
  quoting: QuotingEnv,
  tenancy: TenancyEnv,
};
