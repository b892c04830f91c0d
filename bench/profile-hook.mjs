// Loaded into the profiled service with --import: SIGUSR2 starts V8's CPU profiler (the one behind
// --cpu-prof), the next SIGUSR2 writes the profile to BENCH_PROFILE_FILE. Start-up and warm-up stay
// out of the profile, which --cpu-prof alone cannot do.
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';

const session = new Session();
session.connect();
let running = false;
process.on('SIGUSR2', async () => {
  if (!running) {
    running = true;
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
    await session.post('Profiler.start');
    process.stdout.write('bench-profile: started\n');
    return;
  }
  running = false;
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(process.env.BENCH_PROFILE_FILE, JSON.stringify(profile));
  process.stdout.write('bench-profile: written\n');
});
