// Preloaded into a benched server (`NODE_OPTIONS=--import …/cpu-profile.mjs`, as
// --cpu-prof is refused in NODE_OPTIONS): a V8 CPU profile of its main thread,
// written to CPU_PROFILE_DIR when it exits. Plain JavaScript: it loads before tsx.
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');
  process.on('exit', () => {
    // The same-thread session answers synchronously, so this runs before the process ends.
    session.post('Profiler.stop', (err, result) => {
      if (!err) fs.writeFileSync(path.join(dir, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
