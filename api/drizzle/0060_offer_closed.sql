-- An accepted offer whose sale ended (its order cancelled or returned, or the sold item put on sale
-- again) closes: one offer holds a listing at a time (offer-process.ts `close`).
ALTER TYPE "public"."offer_state" ADD VALUE IF NOT EXISTS 'closed';
