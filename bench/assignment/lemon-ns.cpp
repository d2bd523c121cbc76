// Reference solver for the assignment bench: LEMON's NetworkSimplex on a DIMACS min-cost-flow file.
// Prints: "<total cost> <solve ms> <peak RSS KiB>" (or "INFEASIBLE"/"UNBOUNDED"). Only run() is timed.
#include <lemon/smart_graph.h>
#include <lemon/dimacs.h>
#include <lemon/network_simplex.h>
#include <chrono>
#include <fstream>
#include <iostream>
#include <sys/resource.h>

using namespace lemon;
typedef long long Value;

int main(int argc, char** argv) {
  if (argc < 2) { std::cerr << "usage: lemon-ns FILE.min\n"; return 2; }
  std::ifstream in(argv[1]);
  if (!in) { std::cerr << "cannot open " << argv[1] << "\n"; return 2; }
  SmartDigraph g;
  SmartDigraph::ArcMap<Value> lower(g), cap(g), cost(g);
  SmartDigraph::NodeMap<Value> supply(g);
  readDimacsMin(in, g, lower, cap, cost, supply);
  NetworkSimplex<SmartDigraph, Value, Value> ns(g);
  ns.lowerMap(lower).upperMap(cap).costMap(cost).supplyMap(supply);
  auto t0 = std::chrono::steady_clock::now();
  NetworkSimplex<SmartDigraph, Value, Value>::ProblemType r = ns.run();
  auto t1 = std::chrono::steady_clock::now();
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  double ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
  if (r == NetworkSimplex<SmartDigraph, Value, Value>::INFEASIBLE) { std::cout << "INFEASIBLE\n"; return 1; }
  if (r == NetworkSimplex<SmartDigraph, Value, Value>::UNBOUNDED) { std::cout << "UNBOUNDED\n"; return 1; }
  std::cout << ns.totalCost<Value>() << " " << ms << " " << ru.ru_maxrss << "\n";
  return 0;
}
