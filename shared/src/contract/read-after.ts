/**
 * The cookie that carries the WAL position of a person's last write (docs/decisions/0060): the
 * api sets it after a write when read replicas are configured, and reads from a replica for that
 * person only once the replica has replayed that position. Server-rendered pages pass it on.
 */
export const READ_AFTER_COOKIE = 'yardly_read_after';

/** A WAL position as PostgreSQL prints it (`16/B374D848`): the cookie's only accepted value. */
export const WAL_POSITION_PATTERN = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i;
