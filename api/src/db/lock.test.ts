import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './lock';

const freshDir = () => mkdtempSync(join(tmpdir(), 'yardly-lock-'));

describe('the DATA_DIR lock', () => {
  it('is taken, names its holder, and is released', () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'yardly.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, 'yardly.lock'))).toBe(false);
  });

  it('refuses while a live process holds it, naming the pid', () => {
    const dir = freshDir();
    // pid 1 is always alive.
    writeFileSync(join(dir, 'yardly.lock'), '1');
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(/DATA_DIR is in use by pid 1/);
    expect(readFileSync(join(dir, 'yardly.lock'), 'utf8')).toBe('1');
  });

  it('takes over a lock left by a dead process', () => {
    const dir = freshDir();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    writeFileSync(join(dir, 'yardly.lock'), dead);
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'yardly.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});

describe('a lock held by a zombie', () => {
  it('is taken over: a killed process its parent has not reaped yet holds nothing', async () => {
    const dir = freshDir();
    // `sh` starts `sleep 0` and becomes `sleep 5`, which never reaps it: `sleep 0` stays a zombie.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 5'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const zombie = Number((await once(parent.stdout, 'data'))[0].toString().trim());
      await expect.poll(() => readFileSync(`/proc/${zombie}/stat`, 'utf8').split(') ')[1]?.[0]).toBe('Z');
      writeFileSync(join(dir, 'yardly.lock'), String(zombie));
      const release = lockDataDir(dir);
      expect(readFileSync(join(dir, 'yardly.lock'), 'utf8')).toBe(String(process.pid));
      release();
    } finally {
      parent.kill('SIGKILL');
    }
  });
});
