-- Issue 33: the client portal hides costs and prices unless the client's contract says to show them.
ALTER TABLE "contracts" ADD COLUMN IF NOT EXISTS "prix_portail" boolean DEFAULT false NOT NULL;
