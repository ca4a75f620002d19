-- PostgreSQL compiles a statement to machine code (JIT) when its estimated cost passes
-- jit_above_cost: a search with "in stock" ticked crossed it and spent 190 ms compiling to run in
-- 18. The shop's statements are short; sessions of its database start with JIT off. Only the
-- database's owner may set this: otherwise it is left as it is and the operator can set it.
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET jit = off', current_database());
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'JIT left as configured: only the owner of the database may set it (ALTER DATABASE ... SET jit = off)';
END
$$;
