// Jest orders the test files of a fresh clone by size, having no timings of an earlier run. That
// put the four corpora shards, three-line files that each run minutes of full audits, last, where
// they ran almost alone for the final minutes of CI. Starting the files known to run longest first
// lets the many short ones fill in around them; within each rank jest's own order stands (timings
// of the last run where there are any, else size).
const { default: TestSequencer } = require('@jest/test-sequencer');

/** The files that run longest, longest first: full audits of every regression corpus, fuzzing, search. */
const LONG_RUNNING = [/[\\/]corpora-\d+\.test\.ts$/, /[\\/]fuzz\.test\.ts$/, /[\\/]search\.test\.ts$/];

const rank = (test) => {
  const index = LONG_RUNNING.findIndex((pattern) => pattern.test(test.path));
  return index < 0 ? LONG_RUNNING.length : index;
};

class LongFirstSequencer extends TestSequencer {
  async sort(tests) {
    const ordered = await super.sort(tests);
    // Array.prototype.sort is stable: jest's order holds among files of one rank.
    return [...ordered].sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = LongFirstSequencer;
