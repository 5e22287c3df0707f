-- Issue 36: the individual behind a payout account (date of birth, the SSN's last 4), as the payment
-- provider's custom connected account asks for it; sealed with the server secret, never kept in clear.
ALTER TABLE "payout_accounts" ADD COLUMN "individual_cipher" text;
