/**
 * The texts of the pages before the app (sign-in, forgotten password; spec 000 §2, §5, §8), which the sign-in entry
 * shows without react-admin's translations (docs/decisions/screen-bundles.md "The sign-in entry"). frBase.ts gives
 * them to react-admin under `app.name`, `app.login`, `app.forgot` and `ra.input.password`.
 */
export const frAuth = {
  name: 'Back-office Colis',
  login: {
    title: 'Connexion',
    subtitle: 'Connectez-vous à votre espace',
    email: 'Email',
    password: 'Mot de passe',
    submit: 'Je me connecte',
    forgot_link: 'Mot de passe oublié ?',
    access_denied: 'Accès non autorisé',
  },
  forgot: {
    title: 'Mot de passe oublié',
    subtitle_step1: 'Saisissez votre téléphone (avec indicatif) et votre email pour recevoir un code.',
    subtitle_step2: 'Saisissez le code reçu par email et votre nouveau mot de passe.',
    telephone: 'Téléphone complet (avec indicatif)',
    email: 'Email',
    otp: 'Code OTP',
    new_password: 'Nouveau mot de passe',
    send_code: 'Recevoir le code',
    reset: 'Réinitialiser le mot de passe',
    // Not a promise that a code left: the same answer for a wrong pair (docs/decisions/password-recovery-message.md).
    otp_sent: 'Si ces informations correspondent à un compte, un code a été envoyé.',
    reset_done: 'Mot de passe réinitialisé avec succès !',
    failure: 'Une erreur est survenue. Veuillez réessayer.',
    back_to_login: 'Retour à la connexion',
  },
  // ra-language-french's texts of its PasswordInput, which the sign-in's password fields show too.
  password: {
    toggle_visible: 'Cacher le mot de passe',
    toggle_hidden: 'Montrer le mot de passe',
  },
};
