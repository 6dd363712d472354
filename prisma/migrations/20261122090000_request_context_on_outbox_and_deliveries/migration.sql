-- AlterTable
ALTER TABLE "OutboxEvent" ADD COLUMN     "requestId" TEXT,
ADD COLUMN     "traceparent" TEXT;

-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN     "requestId" TEXT,
ADD COLUMN     "traceparent" TEXT;

