// The engine's bad-usage exit (2) fails the build with a message saying so.
def log = new File(basedir, 'build.log').text
if (!log.contains('jtestgen suite: bad usage (exit status 2')) {
  throw new AssertionError('the build did not fail for bad usage')
}
if (!log.contains("bad --budget")) throw new AssertionError('the engine message is not in the log')
return true
