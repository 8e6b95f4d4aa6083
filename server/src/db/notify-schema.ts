/**
 * Migration 4 (issue 34): notifications, web-push subscriptions, e-mail addresses, mailed tokens,
 * the daily digest's once-a-day rows and the server's generated VAPID keys.
 */
export const NOTIFY_SQL = `
  CREATE TABLE notifications (
    id text PRIMARY KEY,
    player_id text NOT NULL REFERENCES accounts(player_id) ON DELETE CASCADE,
    kind text NOT NULL,
    subject text NOT NULL,
    data text NOT NULL,
    created_at double precision NOT NULL,
    read_at double precision,
    expires_at double precision NOT NULL,
    UNIQUE (player_id, kind, subject)
  );
  CREATE INDEX notifications_by_player ON notifications(player_id, created_at DESC);
  CREATE TABLE notification_prefs (
    player_id text PRIMARY KEY REFERENCES accounts(player_id) ON DELETE CASCADE,
    push text NOT NULL
  );
  CREATE TABLE push_subscriptions (
    endpoint text PRIMARY KEY,
    player_id text NOT NULL REFERENCES accounts(player_id) ON DELETE CASCADE,
    p256dh text NOT NULL,
    auth text NOT NULL,
    created_at double precision NOT NULL
  );
  CREATE INDEX push_subscriptions_by_player ON push_subscriptions(player_id);
  CREATE TABLE account_emails (
    player_id text PRIMARY KEY REFERENCES accounts(player_id) ON DELETE CASCADE,
    email text NOT NULL,
    email_key text NOT NULL,
    verified_at double precision,
    digest boolean NOT NULL DEFAULT true
  );
  CREATE UNIQUE INDEX account_emails_verified ON account_emails(email_key) WHERE verified_at IS NOT NULL;
  CREATE TABLE mail_tokens (
    token_hash text PRIMARY KEY,
    player_id text NOT NULL REFERENCES accounts(player_id) ON DELETE CASCADE,
    purpose text NOT NULL,
    email text NOT NULL,
    expires_at double precision NOT NULL,
    used_at double precision
  );
  CREATE INDEX mail_tokens_by_player ON mail_tokens(player_id, purpose);
  CREATE TABLE digests_sent (
    player_id text NOT NULL REFERENCES accounts(player_id) ON DELETE CASCADE,
    day text NOT NULL,
    PRIMARY KEY (player_id, day)
  );
  CREATE TABLE server_keys (
    name text PRIMARY KEY,
    value text NOT NULL
  );`;
