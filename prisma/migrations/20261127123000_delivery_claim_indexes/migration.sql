-- The dispatcher's claim (docs/webhooks-dispatch-design.md) reads each project's first
-- due deliveries, counts its leased ones and checks that each is the first pending one of
-- its design from these indexes of pending deliveries only: they stay as small as the
-- backlog, so a claim costs what the windows hold. They replace the index on status and
-- next attempt, which the planner preferred for all three whenever the table's statistics
-- had been taken with nothing pending (the usual case between bursts): a claim then read
-- every pending delivery once per delivery, 0.8 s for a backlog of 2,000.
-- Prisma's schema cannot describe partial indexes, so these live here only (a comment
-- holds no semicolon: the migration runner splits scripts at each one).
DROP INDEX "WebhookDelivery_status_nextAttemptAt_idx";
CREATE INDEX "WebhookDelivery_pending_project_idx" ON "WebhookDelivery"("projectId", "nextAttemptAt", "id") WHERE "status" = 'pending';
CREATE INDEX "WebhookDelivery_pending_design_idx" ON "WebhookDelivery"("webhookId", "designId", "id") WHERE "status" = 'pending';
CREATE INDEX "WebhookDelivery_leased_idx" ON "WebhookDelivery"("projectId") WHERE "status" = 'pending' AND "leasedUntil" IS NOT NULL;
