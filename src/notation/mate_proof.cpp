#include "notation/mate_proof.h"

#include "notation/sfen.h"
#include "notation/usi.h"

namespace kirin {

std::vector<std::string> proof_conventions(bool futile_interpositions) {
  if (futile_interpositions) return {"futile-interpositions"};
  return {};
}

void write_mate_proof(std::ostream& out, const Position& start, const ProofHeader& header,
                      const std::vector<ProofPosition>& proof) {
  out << "sfen " << to_sfen(start) << "\nvariant " << header.variant << '\n';
  if (!header.profile.empty()) out << "profile " << header.profile << '\n';
  for (const std::string& o : header.options) out << "option " << o << '\n';
  for (const std::string& c : header.conventions) out << "convention " << c << '\n';
  if (header.attacker_not_to_move)
    out << "attacker " << (*header.attacker_not_to_move == kBlack ? "black" : "white")
        << '\n';
  // Each position's path, replayed from the start (a parent comes before its children).
  std::vector<const ProofPosition*> chain;
  for (std::size_t i = 0; i < proof.size(); ++i) {
    chain.clear();
    for (int k = int(i); k >= 0; k = proof[k].parent) chain.push_back(&proof[k]);
    Position pos = start;
    std::string path;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      const ProofPosition& p = **it;
      if (p.parent >= 0) {
        const Move& attack = proof[p.parent].move;
        path += (path.empty() ? "" : " ") + to_usi(pos, attack);
        Undo u;
        pos.do_move(attack, u);
      }
      if (!p.defence.is_null()) {
        path += (path.empty() ? "" : " ") + to_usi(pos, p.defence);
        Undo u;
        pos.do_move(p.defence, u);
      }
    }
    out << (path.empty() ? "-" : path) << '\t' << to_usi(pos, proof[i].move) << '\n';
  }
}

}  // namespace kirin
