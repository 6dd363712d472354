-- Wakes the webhook dispatcher's outbox relay at the commit of new events, instead of
-- leaving them for its next poll (docs/webhooks.md, "How it works inside"). A lost
-- notification only waits for that poll. The body is an escaped string without a
-- literal semicolon: the driver adapter's migration runner splits scripts at each one.
CREATE FUNCTION webhook_wake() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM pg_notify(TG_ARGV[0], \'\')\073 RETURN NULL\073 END';

CREATE TRIGGER "OutboxEvent_wake_relay" AFTER INSERT ON "OutboxEvent"
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_wake('webhook_outbox');
