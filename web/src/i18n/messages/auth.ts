// Signing up and logging in.
import { area } from '../area';

export default area(
  {
    'auth.logIn': 'Log in',
    'auth.signUp': 'Sign up',
    'auth.createAccount': 'Create an account',
    'auth.userName': 'User name',
    'auth.userNameRule': '2 to 24 letters, digits, _ or -, starting with a letter',
    'auth.email': 'Email',
    'auth.password': 'Password',
    'auth.noAccount': 'No account yet?',
    'auth.haveAccount': 'Have an account?',
    'auth.passwordRule': 'At least 8 characters, 4 of them different; not one of the commonest passwords, nor your name with a few characters added.',
  },
  {
    'auth.logIn': 'ログイン',
    'auth.signUp': '登録',
    'auth.createAccount': 'アカウントを作る',
    'auth.userName': 'ユーザー名',
    'auth.userNameRule': '2〜24文字の英字・数字・_・-（先頭は英字）',
    'auth.email': 'メールアドレス',
    'auth.password': 'パスワード',
    'auth.noAccount': 'アカウントをお持ちでない方は',
    'auth.haveAccount': 'アカウントをお持ちの方は',
    'auth.passwordRule': '8文字以上で、異なる文字を4種類以上含めてください。よく使われるパスワードや、ユーザー名に数文字足しただけのものは使えません。',
  },
);
