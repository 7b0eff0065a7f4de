CREATE TABLE "lottery_number_exposure" (
	"draw_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"play_type" text NOT NULL,
	"number" text NOT NULL,
	"payout" bigint NOT NULL,
	CONSTRAINT "lottery_number_exposure_draw_id_merchant_id_play_type_number_pk" PRIMARY KEY("draw_id","merchant_id","play_type","number")
);
--> statement-breakpoint
CREATE TABLE "lottery_settings" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"number_cap" bigint NOT NULL,
	"draw_cap" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lottery_number_exposure" ADD CONSTRAINT "lottery_number_exposure_draw_id_lottery_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lottery_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_settings" ADD CONSTRAINT "lottery_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;