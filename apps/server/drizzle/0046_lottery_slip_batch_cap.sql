-- A batch of lottery slips (lottery.slips.ts) is one statement that commits on its own. When it takes
-- a liability line over its merchant's cap, the statement calls this to fail: nothing of the batch is
-- written, and its slips are written one by one, where the slips over the cap are refused at their
-- fields. Failing inside the statement spares the batch a transaction whose locks would wait on the
-- application's round trips.
CREATE FUNCTION "lottery_batch_over_cap"() RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a lottery slip batch went over a liability cap' USING ERRCODE = 'P0001', HINT = 'lottery_batch_over_cap';
END
$$;
