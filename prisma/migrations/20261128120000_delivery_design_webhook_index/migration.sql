-- The outbox relay looks up the newest design.saved delivery of each webhook and design it
-- relays a save for (LATEST_SAVED in outbox-relay.repository.ts). The planner judged by
-- the statistics of designId, which swing with bursts (once 48 designs among 25,000
-- deliveries): taking a design for one with thousands of deliveries, it read deliveries
-- backwards by id until one matched, and for a design never delivered before (every first
-- save) it read them all, 42 ms for 25,000 and growing with what retention keeps.
-- A design has a few deliveries, so designId is declared distinct for about every second
-- row whatever a sample says, and this index answers the lookup in one descent (and every
-- lookup by designId that the old index served).
CREATE INDEX "WebhookDelivery_designId_webhookId_id_idx" ON "WebhookDelivery"("designId", "webhookId", "id");
DROP INDEX "WebhookDelivery_designId_idx";
ALTER TABLE "WebhookDelivery" ALTER COLUMN "designId" SET (n_distinct = -0.5);
ANALYZE "WebhookDelivery";
