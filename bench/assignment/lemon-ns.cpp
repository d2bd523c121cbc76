// Reference solver for the assignment bench: LEMON's NetworkSimplex on a DIMACS min-cost-flow file.
// Prints: "<total cost> <solve wall ms> <peak RSS KiB> <solve CPU ms>" (or "INFEASIBLE"/"UNBOUNDED").
// Only run() is timed: its CPU (user + system of this process from getrusage, read before and after) is what
// bench/run.js compares with our solve's CPU; reading the DIMACS file is left out (our solve is also given its
// network ready), so LEMON's figure is its solve alone. The bench also reads the whole process's CPU from
// outside (the reaped child's time) and checks that this solve CPU is within it.
#include <lemon/smart_graph.h>
#include <lemon/dimacs.h>
#include <lemon/network_simplex.h>
#include <chrono>
#include <fstream>
#include <iostream>
#include <sys/resource.h>

using namespace lemon;
typedef long long Value;

static double cpuMs() {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
}

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
  double c0 = cpuMs();
  auto t0 = std::chrono::steady_clock::now();
  NetworkSimplex<SmartDigraph, Value, Value>::ProblemType r = ns.run();
  auto t1 = std::chrono::steady_clock::now();
  double c1 = cpuMs();
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  double ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
  if (r == NetworkSimplex<SmartDigraph, Value, Value>::INFEASIBLE) { std::cout << "INFEASIBLE\n"; return 1; }
  if (r == NetworkSimplex<SmartDigraph, Value, Value>::UNBOUNDED) { std::cout << "UNBOUNDED\n"; return 1; }
  std::cout << ns.totalCost<Value>() << " " << ms << " " << ru.ru_maxrss << " " << (c1 - c0) << "\n";
  return 0;
}
