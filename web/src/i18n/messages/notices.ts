// The notices a signed-in user gets wherever they are: challenges, rematches, their games.
import { area } from '../area';

export default area(
  {
    'notice.newChallenge': 'New challenge from {name}.',
    'notice.toLobby': 'To the lobby',
    'notice.challengeAccepted': '{name} accepted your challenge:',
    'notice.challengeDeclined': '{name} declined your challenge.',
    'notice.rematchOffered': '{name} offers a rematch:',
    'notice.rematchStarted': 'The rematch has started:',
    'notice.rematchDeclined': '{name} declined the rematch.',
    'notice.move': 'A move in',
    'notice.drawOffer': 'A draw offer in',
    'notice.gameOver': 'Game over in',
  },
  {
    'notice.newChallenge': '{name}さんから対局の申し込みがあります。',
    'notice.toLobby': 'ロビーへ',
    'notice.challengeAccepted': '{name}さんが申し込みを受けました：',
    'notice.challengeDeclined': '{name}さんが申し込みを断りました。',
    'notice.rematchOffered': '{name}さんから再戦の申し込み：',
    'notice.rematchStarted': '再戦が始まりました：',
    'notice.rematchDeclined': '{name}さんは再戦を断りました。',
    'notice.move': '指し手がありました：',
    'notice.drawOffer': '引き分けの提案：',
    'notice.gameOver': '終局：',
  },
);
