enum Usage {
    static let text = """
    ozen — live captions of conversation, on this computer

    Commands:
      ozen caption FILE [--language he|en|sv|auto] [--model NAME] [--json] [--no-save]
          Captions a WAV recording (any rate, any channels, 16/24/32-bit or float).
          --language  the language spoken (default he); never guessed unless auto
          --model     the Whisper model to use (default base)
          --json      one JSON event per line (see README, "Events")
          --no-save   do not keep this conversation in the history
      ozen models [list|verify]
          Lists the installed models, or checks each against its manifest's sha256.
      ozen version
          The versions of Ozen and of the speech engines.

    Models live in $OZEN_HOME/models (default ~/.local/share/ozen/models);
    `make setup` installs them.
    """
}
