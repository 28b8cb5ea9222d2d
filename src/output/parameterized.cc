#include "output/parameterized.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace jtg::output {

namespace {

constexpr char kHole = '\x01';

bool IdentStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}
bool IdentPart(char c) { return IdentStart(c) || std::isdigit(static_cast<unsigned char>(c)); }
bool Digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// The end of the quoted literal starting at `i` (line[i] is the quote), past the closing quote.
size_t QuotedEnd(const std::string& line, size_t i) {
  const char q = line[i];
  for (size_t k = i + 1; k < line.size(); ++k) {
    if (line[k] == '\\') {
      ++k;
    } else if (line[k] == q) {
      return k + 1;
    }
  }
  return line.size();
}

// The end of the number starting at `i` (a digit, or '-' before one) and its Java type.
size_t NumberEnd(const std::string& line, size_t i, std::string* type) {
  size_t k = i + (line[i] == '-' ? 1 : 0);
  bool real = false;
  while (k < line.size() && Digit(line[k])) ++k;
  if (k + 1 < line.size() && line[k] == '.' && Digit(line[k + 1])) {
    real = true;
    for (++k; k < line.size() && Digit(line[k]);) ++k;
  }
  if (k < line.size() && (line[k] == 'e' || line[k] == 'E')) {
    size_t e = k + 1;
    if (e < line.size() && (line[e] == '+' || line[e] == '-')) ++e;
    if (e < line.size() && Digit(line[e])) {
      real = true;
      for (k = e; k < line.size() && Digit(line[k]);) ++k;
    }
  }
  *type = real ? "double" : "int";
  if (k < line.size()) {
    switch (line[k]) {
      case 'L': *type = "long"; return k + 1;
      case 'F': *type = "float"; return k + 1;
      case 'D': *type = "double"; return k + 1;
      default: break;
    }
  }
  return k;
}

// The primitive type of Integer.MAX_VALUE and its kin, or "".
std::string ConstantType(const std::string& owner, const std::string& field) {
  static const std::map<std::string, std::string> kOwners = {
      {"Integer", "int"},    {"Long", "long"},   {"Short", "short"},  {"Byte", "byte"},
      {"Character", "char"}, {"Float", "float"}, {"Double", "double"}};
  static const std::set<std::string> kFields = {
      "MAX_VALUE", "MIN_VALUE", "NaN", "POSITIVE_INFINITY", "NEGATIVE_INFINITY", "MIN_NORMAL"};
  auto o = kOwners.find(owner);
  return o != kOwners.end() && kFields.contains(field) ? o->second : "";
}

// The last non-space character before `i`, or '\0'.
char PrevNonSpace(const std::string& s, size_t i) {
  while (i > 0) {
    if (s[--i] != ' ') return s[i];
  }
  return '\0';
}

std::string Canonical(const std::string& line) {
  if (line.starts_with("assertTrue(")) return "assertEquals(true, " + line.substr(11);
  if (line.starts_with("assertFalse(")) return "assertEquals(false, " + line.substr(12);
  return line;
}

std::string Hole(const std::string& type) { return std::string(1, kHole) + type + kHole; }

}  // namespace

std::string ShapeOf(const std::string& raw, std::vector<LiteralToken>* tokens) {
  const std::string line = Canonical(raw);
  std::string out;
  for (size_t i = 0; i < line.size();) {
    const char c = line[i];
    std::string type;
    size_t end = i;
    if (c == '"' || c == '\'') {
      end = QuotedEnd(line, i);
      type = c == '"' ? "String" : "char";
    } else if (c == '(' &&
               (line.compare(i, 7, "(byte) ") == 0 || line.compare(i, 8, "(short) ") == 0)) {
      size_t at = line.find(' ', i) + 1;
      if (at < line.size() &&
          (Digit(line[at]) || (line[at] == '-' && at + 1 < line.size() && Digit(line[at + 1])))) {
        std::string ignored;
        end = NumberEnd(line, at, &ignored);
        type = line[i + 1] == 'b' ? "byte" : "short";
      }
    } else if (Digit(c) ||
               (c == '-' && i + 1 < line.size() && Digit(line[i + 1]) &&
                std::string("(,={[>").find(PrevNonSpace(line, i)) != std::string::npos)) {
      end = NumberEnd(line, i, &type);
    } else if (IdentStart(c)) {
      size_t k = i;
      while (k < line.size() && IdentPart(line[k])) ++k;
      const std::string ident = line.substr(i, k - i);
      if (ident == "true" || ident == "false") {
        end = k;
        type = "boolean";
      } else if (k < line.size() && line[k] == '.') {
        size_t f = k + 1;
        while (f < line.size() && IdentPart(line[f])) ++f;
        type = ConstantType(ident, line.substr(k + 1, f - k - 1));
        end = type.empty() ? k : f;
      }
      if (type.empty()) {
        out += ident;
        i = k;
        continue;
      }
    }
    if (type.empty() || end <= i) {
      out += c;
      ++i;
      continue;
    }
    tokens->push_back({line.substr(i, end - i), type});
    out += Hole(type);
    i = end;
  }
  return out;
}

namespace {

struct Shaped {
  std::string key;  // header + shapes of every line
  std::vector<LiteralToken> tokens;
  std::vector<std::string> shapes;
};

Shaped Shape(const TestBody& t) {
  Shaped s;
  s.key = t.header + "\n";
  for (const auto& l : t.lines) {
    s.shapes.push_back(ShapeOf(l, &s.tokens));
    s.key += s.shapes.back() + "\n";
  }
  return s;
}

std::vector<size_t> Varying(const std::vector<Shaped>& shaped, const std::vector<size_t>& group) {
  std::vector<size_t> v;
  const auto& first = shaped[group[0]].tokens;
  for (size_t k = 0; k < first.size(); ++k) {
    for (size_t m : group) {
      if (shaped[m].tokens[k].text != first[k].text) {
        v.push_back(k);
        break;
      }
    }
  }
  return v;
}

std::string TypeStem(const std::string& type) {
  if (type == "String") return "text";
  if (type == "boolean") return "flag";
  if (type == "char") return "c";
  if (type == "double" || type == "float") return "x";
  return "n";
}

}  // namespace

std::vector<std::vector<size_t>> GroupByShape(const std::vector<TestBody>& tests, size_t max_rows,
                                              size_t max_params) {
  std::vector<Shaped> shaped;
  shaped.reserve(tests.size());
  for (const auto& t : tests) shaped.push_back(Shape(t));
  std::map<std::string, std::vector<size_t>> by_key;
  std::vector<std::string> order;  // keys by first member
  for (size_t i = 0; i < tests.size(); ++i) {
    auto& members = by_key[shaped[i].key];
    if (members.empty()) order.push_back(shaped[i].key);
    members.push_back(i);
  }
  std::vector<std::vector<size_t>> groups;
  for (const auto& key : order) {
    const auto& members = by_key[key];
    for (size_t from = 0; from + 1 < members.size(); from += max_rows) {
      std::vector<size_t> chunk(
          members.begin() + static_cast<std::ptrdiff_t>(from),
          members.begin() + static_cast<std::ptrdiff_t>(std::min(members.size(), from + max_rows)));
      if (chunk.size() < 2) break;
      if (Varying(shaped, chunk).size() > max_params) continue;
      groups.push_back(std::move(chunk));
    }
  }
  std::sort(groups.begin(), groups.end());
  return groups;
}

std::vector<size_t> VaryingLiterals(const std::vector<TestBody>& tests,
                                    const std::vector<size_t>& group) {
  std::vector<Shaped> shaped(tests.size());
  for (size_t m : group) shaped[m] = Shape(tests[m]);
  return Varying(shaped, group);
}

std::vector<std::string> WriteParameterized(const std::vector<TestBody>& tests,
                                            const std::vector<size_t>& group,
                                            const std::string& name, const ParamTypeNames& names) {
  std::vector<Shaped> shaped(tests.size());
  for (size_t m : group) shaped[m] = Shape(tests[m]);
  const std::vector<size_t> varying = Varying(shaped, group);
  const Shaped& first = shaped[group[0]];
  // Parameter of each varying literal, named for its role.
  std::map<size_t, std::string> param;  // token index -> parameter name
  std::map<std::string, int> used;
  std::vector<std::string> decls;
  size_t token = 0;
  for (const auto& shape : first.shapes) {
    // A literal in an assertion is an expected value, except in assertThrows' call.
    const bool asserting = shape.starts_with("assert") && !shape.starts_with("assertThrows");
    for (size_t at = shape.find(kHole); at != std::string::npos;
         at = shape.find(kHole, shape.find(kHole, at + 1) + 1)) {
      if (std::binary_search(varying.begin(), varying.end(), token)) {
        const std::string& type = first.tokens[token].type;
        std::string stem = asserting ? "expected" : TypeStem(type);
        int n = ++used[stem];
        param[token] = n == 1 ? stem : stem + "_" + std::to_string(n);
        decls.push_back(type + " " + param[token]);
      }
      ++token;
    }
  }
  std::vector<std::string> out = {"  @" + names.parameterized_test,
                                  "  @" + names.method_source + "(\"" + name + "Cases\")"};
  std::string sig = "  public void " + name + "(";
  for (size_t k = 0; k < decls.size(); ++k) sig += (k > 0 ? ", " : "") + decls[k];
  out.push_back(sig + ")" + tests[group[0]].header + " {");
  token = 0;
  for (const auto& shape : first.shapes) {
    std::string line;
    for (size_t i = 0; i < shape.size(); ++i) {
      if (shape[i] != kHole) {
        line += shape[i];
        continue;
      }
      i = shape.find(kHole, i + 1);
      auto p = param.find(token);
      line += p != param.end() ? p->second : first.tokens[token].text;
      ++token;
    }
    if (line.starts_with("assertEquals(true, ")) line = "assertTrue(" + line.substr(19);
    if (line.starts_with("assertEquals(false, ")) line = "assertFalse(" + line.substr(20);
    out.push_back("    " + line);
  }
  out.push_back("  }");
  out.push_back("");
  out.push_back("  static " + names.stream + "<" + names.arguments + "> " + name + "Cases() {");
  out.push_back("    return " + names.stream + ".of(");
  for (size_t r = 0; r < group.size(); ++r) {
    std::string row = "        " + names.arguments + ".of(";
    for (size_t k = 0; k < varying.size(); ++k) {
      row += (k > 0 ? ", " : "") + shaped[group[r]].tokens[varying[k]].text;
    }
    out.push_back(row + (r + 1 < group.size() ? ")," : "));"));
  }
  out.push_back("  }");
  return out;
}

}  // namespace jtg::output
