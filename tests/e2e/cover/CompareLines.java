// Compares the per-line coverage of two JaCoCo-format XML reports (<sourcefile><line nr mi
// ci mb cb>): the line status (missed: ci = 0; partly: ci > 0 and mi + mb > 0; covered:
// ci > 0, mi = 0 and mb = 0, as JaCoCo's HTML colours lines) must be the same for every
// line of every source file in both. Prints one summary line (and each difference); exit
// status 1 when they differ.
// Usage: java CompareLines.java <expected.xml> <actual.xml> [--exact | --common]
//   --exact: mi, ci, mb and cb must be equal too.
//   --common: only source files present in both reports, and a line one report lacks counts
//   as missed (JaCoCo reports every class of a jar, the agent the classes that were loaded;
//   a source file's never-loaded nested class is absent from the agent's report).
import java.io.File;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

public final class CompareLines {
  static Map<String, int[]> lines(String path) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    Document d = f.newDocumentBuilder().parse(new File(path));
    Map<String, int[]> out = new TreeMap<>();
    NodeList packages = d.getElementsByTagName("package");
    for (int p = 0; p < packages.getLength(); p++) {
      Element pkg = (Element) packages.item(p);
      NodeList files = pkg.getElementsByTagName("sourcefile");
      for (int s = 0; s < files.getLength(); s++) {
        Element sf = (Element) files.item(s);
        NodeList ls = sf.getElementsByTagName("line");
        for (int i = 0; i < ls.getLength(); i++) {
          Element l = (Element) ls.item(i);
          String key = pkg.getAttribute("name") + "/" + sf.getAttribute("name") + ":"
              + String.format("%05d", Integer.parseInt(l.getAttribute("nr")));
          out.put(key, new int[] {Integer.parseInt(l.getAttribute("mi")),
              Integer.parseInt(l.getAttribute("ci")), Integer.parseInt(l.getAttribute("mb")),
              Integer.parseInt(l.getAttribute("cb"))});
        }
      }
    }
    return out;
  }

  static String status(int[] v) {
    if (v == null) return "absent";
    return v[1] == 0 ? "missed" : v[0] > 0 || v[2] > 0 ? "partly" : "covered";
  }

  public static void main(String[] args) throws Exception {
    Map<String, int[]> want = lines(args[0]);
    Map<String, int[]> got = lines(args[1]);
    boolean exact = args.length > 2 && args[2].equals("--exact");
    boolean common = args.length > 2 && args[2].equals("--common");
    TreeMap<String, Boolean> keys = new TreeMap<>();
    want.keySet().forEach(k -> keys.put(k, true));
    got.keySet().forEach(k -> keys.put(k, true));
    if (common) {
      java.util.Set<String> wantFiles = new java.util.HashSet<>(), gotFiles = new java.util.HashSet<>();
      want.keySet().forEach(k -> wantFiles.add(k.substring(0, k.lastIndexOf(':'))));
      got.keySet().forEach(k -> gotFiles.add(k.substring(0, k.lastIndexOf(':'))));
      keys.keySet().removeIf(k -> {
        String file = k.substring(0, k.lastIndexOf(':'));
        return !wantFiles.contains(file) || !gotFiles.contains(file);
      });
    }
    int diff = 0, same = 0, equalCounts = 0;
    for (String k : keys.keySet()) {
      int[] a = want.get(k), b = got.get(k);
      boolean counts = a != null && b != null && java.util.Arrays.equals(a, b);
      if (counts) equalCounts++;
      String sa = status(a), sb = status(b);
      if (common && sa.equals("absent")) sa = "missed";
      if (common && sb.equals("absent")) sb = "missed";
      if (Objects.equals(sa, sb) && (!exact || counts)) {
        same++;
      } else {
        diff++;
        System.out.println("DIFF " + k + ": " + status(a) + " " + java.util.Arrays.toString(a)
            + " vs " + status(b) + " " + java.util.Arrays.toString(b));
      }
    }
    System.out.println("lines " + keys.size() + ", same status " + same + ", different " + diff
        + ", identical mi/ci/mb/cb " + equalCounts);
    System.exit(diff == 0 ? 0 : 1);
  }
}
