-- wrk script of `npm run bench:serve`: every request asks for a search nobody asked for before, so
-- each one misses the server's page cache and is rendered. Arguments after `--`: the path and query
-- up to the search term (e.g. `/News?search=data+or+`) and a tag unique to the run, so a warm-up's
-- addresses are never asked again by the measured run.
local threads = {}

function setup(thread)
  thread:set("thread_id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  prefix = args[1] or "/News?search="
  tag = args[2] or "bench"
  counter = 0
end

function request()
  counter = counter + 1
  return wrk.format(nil, prefix .. tag .. "t" .. thread_id .. "n" .. counter)
end
