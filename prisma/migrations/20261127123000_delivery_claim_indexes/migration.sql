-- The dispatcher's claim reads each project's first due deliveries, and counts its leased
-- ones, from these (docs/webhooks-dispatch-design.md): its cost follows the windows, not
-- the whole backlog.
CREATE INDEX "WebhookDelivery_projectId_status_nextAttemptAt_id_idx" ON "WebhookDelivery"("projectId", "status", "nextAttemptAt", "id");
CREATE INDEX "WebhookDelivery_projectId_leasedUntil_idx" ON "WebhookDelivery"("projectId", "leasedUntil");
