CREATE TYPE "public"."mail_status" AS ENUM('PENDING', 'SENT', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."operation_type" AS ENUM('entrée', 'sortie');--> statement-breakpoint
CREATE TYPE "public"."otp_purpose" AS ENUM('RESET_PASSWORD', 'DELETE_COLIS');--> statement-breakpoint
CREATE TYPE "public"."payment_by" AS ENUM('expediteur', 'destinateur', 'partiel');--> statement-breakpoint
CREATE SEQUENCE "public"."colis_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."envoi_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "agences" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"libelle" text NOT NULL,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"ville_id" uuid NOT NULL,
	"pays_id" uuid NOT NULL,
	"telephone" text,
	"telephone_complet" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agences_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autorisations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"role_id" uuid NOT NULL,
	"privilege_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "codes_otp" (
	"id" uuid PRIMARY KEY NOT NULL,
	"purpose" "otp_purpose" NOT NULL,
	"user_id" uuid,
	"subject_id" uuid,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "colis" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"envoi_id" uuid NOT NULL,
	"agence_id" uuid NOT NULL,
	"ville_id" uuid,
	"mode_livraison_id" uuid,
	"mode_envoi_id" uuid,
	"expediteur_id" uuid,
	"destinataire_id" uuid,
	"receptionneur_id" uuid,
	"param_nature_mode_id" uuid,
	"nom_destinataire" text,
	"prenoms_destinataire" text,
	"email_destinataire" text,
	"adresse_destinataire" text,
	"telephone_destinataire" text,
	"details_contenu" text DEFAULT '' NOT NULL,
	"contenu" text DEFAULT '' NOT NULL,
	"poids" numeric(10, 3) DEFAULT '0' NOT NULL,
	"unite" text DEFAULT 'KG' NOT NULL,
	"prix_unitaire" numeric(12, 2) DEFAULT '0' NOT NULL,
	"montant" numeric(12, 2) DEFAULT '0' NOT NULL,
	"montant_livraison" numeric(12, 2) DEFAULT '0' NOT NULL,
	"montant_expedition" numeric(12, 2) DEFAULT '0' NOT NULL,
	"montant_complementaire" numeric(12, 2) DEFAULT '0' NOT NULL,
	"montant_total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"reglement" numeric(12, 2) DEFAULT '0' NOT NULL,
	"reste_a_payer" numeric(12, 2) DEFAULT '0' NOT NULL,
	"observation" text DEFAULT '' NOT NULL,
	"adresse_livraison" text DEFAULT '' NOT NULL,
	"numero_saisi" text,
	"date_depot" timestamp with time zone,
	"date_envoi" timestamp with time zone,
	"statut_id" uuid NOT NULL,
	"auteur_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "colis_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "colis_natures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"colis_id" uuid NOT NULL,
	"nature_colis_id" uuid NOT NULL,
	"poids" numeric(10, 3) NOT NULL,
	"unite_poid" text DEFAULT 'KG' NOT NULL,
	"prix_unitaire" numeric(12, 2) DEFAULT '0' NOT NULL,
	"prix_exceptionnel" numeric(12, 2) DEFAULT '0' NOT NULL,
	"prix_total" numeric(12, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "encaissements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"colis_id" uuid NOT NULL,
	"agence_id" uuid,
	"paymentby" "payment_by" DEFAULT 'expediteur' NOT NULL,
	"montant_encaisse" numeric(12, 2) NOT NULL,
	"montant_restant" numeric(12, 2) NOT NULL,
	"mode_paiement_id" uuid NOT NULL,
	"auteur_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "envois" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"mode_envoi_id" uuid NOT NULL,
	"pays_id" uuid NOT NULL,
	"pays_emetteur_id" uuid NOT NULL,
	"date_debut" date NOT NULL,
	"date_arrive" date NOT NULL,
	"date_fin" date NOT NULL,
	"contenu" text DEFAULT '' NOT NULL,
	"poids" numeric(10, 3) NOT NULL,
	"poids_reel" numeric(10, 3) DEFAULT '0' NOT NULL,
	"devise" text DEFAULT 'EUR' NOT NULL,
	"statut_id" uuid NOT NULL,
	"agence_id" uuid,
	"auteur_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "envois_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "groupes_nature_colis" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"libelle" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groupes_nature_colis_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "historiques" (
	"id" uuid PRIMARY KEY NOT NULL,
	"colis_id" uuid NOT NULL,
	"date_action" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"statut_avant_id" uuid,
	"statut_apres_id" uuid NOT NULL,
	"auteur_id" uuid
);
--> statement-breakpoint
CREATE TABLE "inventaire_colis" (
	"id" uuid PRIMARY KEY NOT NULL,
	"inventaire_id" uuid NOT NULL,
	"colis_id" uuid NOT NULL,
	"attendu" boolean DEFAULT true NOT NULL,
	"trouve" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventaires" (
	"id" uuid PRIMARY KEY NOT NULL,
	"date_inventaire" timestamp with time zone DEFAULT now() NOT NULL,
	"auteur_id" uuid NOT NULL,
	"agence_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"status" "mail_status" DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type_destinataire" text NOT NULL,
	"destinataires" text NOT NULL,
	"sujet" text NOT NULL,
	"message" text NOT NULL,
	"auteur_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modes_envoi" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"libelle" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "modes_envoi_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "modes_livraison" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"libelle" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "modes_livraison_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "modes_paiement" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"libelle" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "modes_paiement_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "natures_colis" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"libelle" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"groupe_nature_colis_id" uuid NOT NULL,
	"prix_exceptionnel" numeric(12, 2),
	"unite" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "natures_colis_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"receiver_id" uuid,
	"colis_id" uuid,
	"lu" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"montant" numeric(12, 2) NOT NULL,
	"motif_id" uuid NOT NULL,
	"type" "operation_type" NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"user_id" uuid NOT NULL,
	"agence_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "param_nature_modes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"libelle" text NOT NULL,
	"prix_unitaire" numeric(12, 2) NOT NULL,
	"groupe_nature_colis_id" uuid NOT NULL,
	"ville_origine_id" uuid NOT NULL,
	"ville_destination_id" uuid NOT NULL,
	"mode_envoi_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pays" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"libelle" text NOT NULL,
	"devise" text DEFAULT 'EUR' NOT NULL,
	"indicatif" text NOT NULL,
	"longueur_numero" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pays_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "privileges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"libelle" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"groupe" text DEFAULT 'autres' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privileges_libelle_unique" UNIQUE("libelle")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"libelle" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "statuts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"libelle" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statuts_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "type_users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"libelle" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "type_users_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "types_operation" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"libelle" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "types_operation_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"nom" text NOT NULL,
	"prenoms" text DEFAULT '' NOT NULL,
	"email" text,
	"telephone" text,
	"telephone_complet" text,
	"adresse" text DEFAULT '' NOT NULL,
	"password_hash" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"pays_id" uuid,
	"type_user_id" uuid NOT NULL,
	"role_id" uuid,
	"agence_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "villes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"libelle" text NOT NULL,
	"pays_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "villes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "agences" ADD CONSTRAINT "agences_ville_id_villes_id_fk" FOREIGN KEY ("ville_id") REFERENCES "public"."villes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agences" ADD CONSTRAINT "agences_pays_id_pays_id_fk" FOREIGN KEY ("pays_id") REFERENCES "public"."pays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorisations" ADD CONSTRAINT "autorisations_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorisations" ADD CONSTRAINT "autorisations_privilege_id_privileges_id_fk" FOREIGN KEY ("privilege_id") REFERENCES "public"."privileges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codes_otp" ADD CONSTRAINT "codes_otp_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colis" ADD CONSTRAINT "colis_envoi_id_envois_id_fk" FOREIGN KEY ("envoi_id") REFERENCES "public"."envois"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colis" ADD CONSTRAINT "colis_agence_id_agences_id_fk" FOREIGN KEY ("agence_id") REFERENCES "public"."agences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colis" ADD CONSTRAINT "colis_ville_id_villes_id_fk" FOREIGN KEY ("ville_id") REFERENCES "public"."villes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colis" ADD CONSTRAINT "colis_mode_livraison_id_modes_livraison_id_fk" FOREIGN KEY ("mode_livraison_id") REFERENCES "public"."modes_livraison"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colis" ADD CONSTRAINT "colis_mode_envoi_id_modes_envoi_id_fk" FOREIGN KEY ("mode_envoi_id") REFERENCES "public"."modes_envoi"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colis" ADD CONSTRAINT "colis_expediteur_id_users_id_fk" FOREIGN KEY ("expediteur_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colis" ADD CONSTRAINT "colis_destinataire_id_users_id_fk" FOREIGN KEY ("destinataire_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colis" ADD CONSTRAINT "colis_receptionneur_id_users_id_fk" FOREIGN KEY ("receptionneur_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colis" ADD CONSTRAINT "colis_param_nature_mode_id_param_nature_modes_id_fk" FOREIGN KEY ("param_nature_mode_id") REFERENCES "public"."param_nature_modes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colis" ADD CONSTRAINT "colis_statut_id_statuts_id_fk" FOREIGN KEY ("statut_id") REFERENCES "public"."statuts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colis" ADD CONSTRAINT "colis_auteur_id_users_id_fk" FOREIGN KEY ("auteur_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colis_natures" ADD CONSTRAINT "colis_natures_colis_id_colis_id_fk" FOREIGN KEY ("colis_id") REFERENCES "public"."colis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colis_natures" ADD CONSTRAINT "colis_natures_nature_colis_id_natures_colis_id_fk" FOREIGN KEY ("nature_colis_id") REFERENCES "public"."natures_colis"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encaissements" ADD CONSTRAINT "encaissements_colis_id_colis_id_fk" FOREIGN KEY ("colis_id") REFERENCES "public"."colis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encaissements" ADD CONSTRAINT "encaissements_agence_id_agences_id_fk" FOREIGN KEY ("agence_id") REFERENCES "public"."agences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encaissements" ADD CONSTRAINT "encaissements_mode_paiement_id_modes_paiement_id_fk" FOREIGN KEY ("mode_paiement_id") REFERENCES "public"."modes_paiement"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encaissements" ADD CONSTRAINT "encaissements_auteur_id_users_id_fk" FOREIGN KEY ("auteur_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envois" ADD CONSTRAINT "envois_mode_envoi_id_modes_envoi_id_fk" FOREIGN KEY ("mode_envoi_id") REFERENCES "public"."modes_envoi"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envois" ADD CONSTRAINT "envois_pays_id_pays_id_fk" FOREIGN KEY ("pays_id") REFERENCES "public"."pays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envois" ADD CONSTRAINT "envois_pays_emetteur_id_pays_id_fk" FOREIGN KEY ("pays_emetteur_id") REFERENCES "public"."pays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envois" ADD CONSTRAINT "envois_statut_id_statuts_id_fk" FOREIGN KEY ("statut_id") REFERENCES "public"."statuts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envois" ADD CONSTRAINT "envois_agence_id_agences_id_fk" FOREIGN KEY ("agence_id") REFERENCES "public"."agences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envois" ADD CONSTRAINT "envois_auteur_id_users_id_fk" FOREIGN KEY ("auteur_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historiques" ADD CONSTRAINT "historiques_colis_id_colis_id_fk" FOREIGN KEY ("colis_id") REFERENCES "public"."colis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historiques" ADD CONSTRAINT "historiques_statut_avant_id_statuts_id_fk" FOREIGN KEY ("statut_avant_id") REFERENCES "public"."statuts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historiques" ADD CONSTRAINT "historiques_statut_apres_id_statuts_id_fk" FOREIGN KEY ("statut_apres_id") REFERENCES "public"."statuts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historiques" ADD CONSTRAINT "historiques_auteur_id_users_id_fk" FOREIGN KEY ("auteur_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventaire_colis" ADD CONSTRAINT "inventaire_colis_inventaire_id_inventaires_id_fk" FOREIGN KEY ("inventaire_id") REFERENCES "public"."inventaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventaire_colis" ADD CONSTRAINT "inventaire_colis_colis_id_colis_id_fk" FOREIGN KEY ("colis_id") REFERENCES "public"."colis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventaires" ADD CONSTRAINT "inventaires_auteur_id_users_id_fk" FOREIGN KEY ("auteur_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventaires" ADD CONSTRAINT "inventaires_agence_id_agences_id_fk" FOREIGN KEY ("agence_id") REFERENCES "public"."agences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_auteur_id_users_id_fk" FOREIGN KEY ("auteur_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "natures_colis" ADD CONSTRAINT "natures_colis_groupe_nature_colis_id_groupes_nature_colis_id_fk" FOREIGN KEY ("groupe_nature_colis_id") REFERENCES "public"."groupes_nature_colis"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_colis_id_colis_id_fk" FOREIGN KEY ("colis_id") REFERENCES "public"."colis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_motif_id_types_operation_id_fk" FOREIGN KEY ("motif_id") REFERENCES "public"."types_operation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_agence_id_agences_id_fk" FOREIGN KEY ("agence_id") REFERENCES "public"."agences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "param_nature_modes" ADD CONSTRAINT "param_nature_modes_groupe_nature_colis_id_groupes_nature_colis_id_fk" FOREIGN KEY ("groupe_nature_colis_id") REFERENCES "public"."groupes_nature_colis"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "param_nature_modes" ADD CONSTRAINT "param_nature_modes_ville_origine_id_villes_id_fk" FOREIGN KEY ("ville_origine_id") REFERENCES "public"."villes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "param_nature_modes" ADD CONSTRAINT "param_nature_modes_ville_destination_id_villes_id_fk" FOREIGN KEY ("ville_destination_id") REFERENCES "public"."villes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "param_nature_modes" ADD CONSTRAINT "param_nature_modes_mode_envoi_id_modes_envoi_id_fk" FOREIGN KEY ("mode_envoi_id") REFERENCES "public"."modes_envoi"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_pays_id_pays_id_fk" FOREIGN KEY ("pays_id") REFERENCES "public"."pays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_type_user_id_type_users_id_fk" FOREIGN KEY ("type_user_id") REFERENCES "public"."type_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_agence_id_agences_id_fk" FOREIGN KEY ("agence_id") REFERENCES "public"."agences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "villes" ADD CONSTRAINT "villes_pays_id_pays_id_fk" FOREIGN KEY ("pays_id") REFERENCES "public"."pays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agences_ville_idx" ON "agences" USING btree ("ville_id");--> statement-breakpoint
CREATE INDEX "agences_pays_idx" ON "agences" USING btree ("pays_id");--> statement-breakpoint
CREATE UNIQUE INDEX "autorisations_role_privilege_uq" ON "autorisations" USING btree ("role_id","privilege_id");--> statement-breakpoint
CREATE INDEX "codes_otp_lookup_idx" ON "codes_otp" USING btree ("purpose","user_id","subject_id");--> statement-breakpoint
CREATE INDEX "colis_agence_created_idx" ON "colis" USING btree ("agence_id","created_at");--> statement-breakpoint
CREATE INDEX "colis_created_at_idx" ON "colis" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "colis_envoi_idx" ON "colis" USING btree ("envoi_id");--> statement-breakpoint
CREATE INDEX "colis_statut_idx" ON "colis" USING btree ("statut_id");--> statement-breakpoint
CREATE INDEX "colis_expediteur_idx" ON "colis" USING btree ("expediteur_id");--> statement-breakpoint
CREATE INDEX "colis_destinataire_idx" ON "colis" USING btree ("destinataire_id");--> statement-breakpoint
CREATE INDEX "colis_natures_colis_idx" ON "colis_natures" USING btree ("colis_id");--> statement-breakpoint
CREATE INDEX "encaissements_colis_idx" ON "encaissements" USING btree ("colis_id");--> statement-breakpoint
CREATE INDEX "encaissements_agence_created_idx" ON "encaissements" USING btree ("agence_id","created_at");--> statement-breakpoint
CREATE INDEX "envois_created_at_idx" ON "envois" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "envois_statut_idx" ON "envois" USING btree ("statut_id","is_active","date_fin");--> statement-breakpoint
CREATE INDEX "envois_route_idx" ON "envois" USING btree ("pays_id","mode_envoi_id");--> statement-breakpoint
CREATE INDEX "historiques_colis_idx" ON "historiques" USING btree ("colis_id","date_action");--> statement-breakpoint
CREATE UNIQUE INDEX "inventaire_colis_uq" ON "inventaire_colis" USING btree ("inventaire_id","colis_id");--> statement-breakpoint
CREATE INDEX "inventaires_agence_date_idx" ON "inventaires" USING btree ("agence_id","date_inventaire");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "natures_groupe_idx" ON "natures_colis" USING btree ("groupe_nature_colis_id");--> statement-breakpoint
CREATE INDEX "notifications_receiver_idx" ON "notifications" USING btree ("receiver_id","created_at");--> statement-breakpoint
CREATE INDEX "operations_agence_date_idx" ON "operations" USING btree ("agence_id","date");--> statement-breakpoint
CREATE INDEX "pnm_lookup_idx" ON "param_nature_modes" USING btree ("groupe_nature_colis_id","mode_envoi_id","ville_destination_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pnm_route_uq" ON "param_nature_modes" USING btree ("groupe_nature_colis_id","ville_origine_id","ville_destination_id","mode_envoi_id");--> statement-breakpoint
CREATE INDEX "pays_libelle_idx" ON "pays" USING btree ("libelle");--> statement-breakpoint
CREATE INDEX "pays_created_at_idx" ON "pays" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_type_phone_uq" ON "users" USING btree ("type_user_id","telephone_complet");--> statement-breakpoint
CREATE INDEX "users_agence_idx" ON "users" USING btree ("agence_id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "users_nom_idx" ON "users" USING btree ("nom","prenoms");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "villes_pays_idx" ON "villes" USING btree ("pays_id");--> statement-breakpoint
CREATE INDEX "villes_libelle_idx" ON "villes" USING btree ("libelle");