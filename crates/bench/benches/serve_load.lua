-- wrk's request for `diplo serve`: the Spring 1901 opening, stateless (BENCHMARKS.md,
-- "HTTP service"): wrk -t1 -c8 -d10s --latency -s crates/bench/benches/serve_load.lua http://ADDR
wrk.method = "POST"
wrk.path = "/v1/adjudicate"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"map": "standard", "ruleset": "datc", "position": null, "orders": "'
  .. "Austria:\\nA vie - gal\\nA bud - ser\\nF tri - alb\\n"
  .. "England:\\nF edi - nwg\\nF lon - nth\\nA lvp - yor\\n"
  .. "France:\\nF bre - mao\\nA par - bur\\nA mar S A par - bur\\n"
  .. "Germany:\\nF kie - den\\nA ber - kie\\nA mun - ruh\\n"
  .. "Italy:\\nF nap - ion\\nA rom - apu\\nA ven H\\n"
  .. "Russia:\\nA mos - ukr\\nA war - gal\\nF sev - bla\\nF stp/sc - bot\\n"
  .. "Turkey:\\nF ank - bla\\nA con - bul\\nA smy - arm\\n"
  .. '"}'
