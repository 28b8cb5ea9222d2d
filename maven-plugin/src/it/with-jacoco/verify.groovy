// JaCoCo's agent came first on the command line, in both builds; jtestgen's report took the
// coverage (no "recorded for other class bytes") and its counters for the class equal
// JaCoCo's: instructions, branches, lines and methods.
def fail = { String msg -> throw new AssertionError(msg) }
def log = new File(basedir, 'build.log').text
if (!(log =~ /argLine set to -javaagent:\S+org\.jacoco\.agent\S+ .*-agentpath:\S+libjtestgen_agent\.so/)) {
  fail('JaCoCo\'s agent was not first in argLine')
}
if (log.contains('recorded for other class bytes')) fail('jtestgen refused the coverage')
// The engine (and so its agent) is the Maven artifact, unpacked in the local repository.
if (!(log =~ /-agentpath:\S+\/dev\/jtestgen\/jtestgen-engine\/[^\/]+\/jtestgen-engine-[^\/]+-linux-x86_64\/\S+libjtestgen_agent\.so/)) {
  fail('the agent is not the engine artifact\'s')
}
def counters = { File f ->
  def slurper = new groovy.xml.XmlSlurper(false, false, true)
  slurper.setFeature('http://apache.org/xml/features/nonvalidating/load-external-dtd', false)
  def cls = slurper.parse(f).'**'.find { it.name() == 'class' && it.@name == 'sample/j/Sign' }
  if (cls == null) fail("no class sample/j/Sign in $f")
  cls.counter.collectEntries { [(it.@type.text()): "${it.@covered}/${it.@missed}"] }
}
def jacoco = new File(basedir, 'target/site/jacoco/jacoco.xml')
def ours = new File(basedir, 'target/site/jtestgen/jtestgen.xml')
[jacoco, ours].each { if (!it.isFile()) fail("no report $it") }
def j = counters(jacoco)
def o = counters(ours)
['INSTRUCTION', 'BRANCH', 'LINE', 'METHOD'].each { t ->
  if (j[t] == null || j[t] != o[t]) fail("$t covered/missed: JaCoCo ${j[t]}, jtestgen ${o[t]}")
}
if (j['BRANCH'] == '0/0') fail('no branches counted')
return true
