-- The webhook dispatcher claims due deliveries straight from this table
-- (docs/webhooks-dispatch-design.md): a claim leases the row until "leasedUntil", so that
-- a replica that dies in the middle of an attempt loses its claim when the lease ends.
ALTER TABLE "WebhookDelivery" ADD COLUMN "leasedUntil" TIMESTAMP(3);
